/** Thai strings of an administrator's password and two-factor resets (docs/design.md §13); en/admin-security.ts holds the same keys. */
export const adminSecurity = {
  menu: 'ความปลอดภัยของบัญชี {{username}}',
  resetPassword: 'รีเซ็ตรหัสผ่าน',
  resetTotp: 'รีเซ็ตการยืนยันสองขั้นตอน',
  confirmPasswordTitle: 'รีเซ็ตรหัสผ่าน',
  confirmPassword:
    'ต้องการรีเซ็ตรหัสผ่านของ {{username}} ใช่หรือไม่? ระบบจะสร้างรหัสผ่านชั่วคราว เซสชันที่เปิดอยู่ของบัญชีนี้จะถูกออกจากระบบ และผู้ใช้ต้องตั้งรหัสผ่านใหม่เมื่อเข้าสู่ระบบครั้งถัดไป',
  confirmPasswordSubmit: 'รีเซ็ตรหัสผ่าน',
  confirmTotpTitle: 'รีเซ็ตการยืนยันสองขั้นตอน',
  confirmTotp:
    'ต้องการรีเซ็ตการยืนยันสองขั้นตอนของ {{username}} ใช่หรือไม่? (เช่น โทรศัพท์และรหัสกู้คืนหาย) รหัสลับและรหัสกู้คืนเดิมจะใช้ไม่ได้ และผู้ใช้ต้องตั้งค่าใหม่',
  confirmTotpSubmit: 'รีเซ็ต',
  totpReset: 'รีเซ็ตการยืนยันสองขั้นตอนของ {{username}} แล้ว',
  temporaryTitle: 'รหัสผ่านชั่วคราวของ {{username}}',
  temporaryIntro: 'ส่งรหัสผ่านชั่วคราวนี้ให้ {{username}} ทางช่องทางที่ปลอดภัย ผู้ใช้ต้องตั้งรหัสผ่านใหม่เมื่อเข้าสู่ระบบครั้งถัดไป',
  temporaryLabel: 'รหัสผ่านชั่วคราว',
  temporaryOnce: 'รหัสนี้จะแสดงเพียงครั้งเดียว เมื่อปิดหน้าต่างนี้แล้วจะดูอีกไม่ได้',
  copy: 'คัดลอก',
  copied: 'คัดลอกแล้ว',
};
