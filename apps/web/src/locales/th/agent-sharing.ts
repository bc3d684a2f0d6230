/** Thai strings of the agent-sharing screen(s); en/agent-sharing.ts holds the same keys. */
export const agentSharing = {
  title: 'การแบ่งรายได้เอเจนต์',
  description: 'เปอร์เซ็นต์รายได้ที่เอเจนต์แม่ได้รับจากเอเจนต์ลูก เอเจนต์หนึ่งมีข้อตกลงที่เปิดใช้งานได้เพียงรายการเดียว',
  add: 'เพิ่มการแบ่งรายได้',
  createTitle: 'เพิ่มการแบ่งรายได้',
  editTitle: 'แก้ไขการแบ่งรายได้',
  fields: {
    agent: 'เอเจนต์',
    parentAgent: 'เอเจนต์แม่',
    parentAgentPrefix: 'Prefix เอเจนต์แม่',
    parentPercentage: 'เปอร์เซ็นต์ของเอเจนต์แม่',
    isDisable: 'สถานะ',
    createDisabled: 'สร้างแบบปิดใช้งาน',
    createdAt: 'วันที่สร้าง',
  },
  percentageHint: '0–100 ทศนิยมไม่เกิน 2 ตำแหน่ง',
  disabledYes: 'ปิดใช้งาน',
  disabledNo: 'ใช้งาน',
  disableToggle: 'ปิดใช้งานการแบ่งรายได้ {{agent}} → {{parent}}',
  editLabel: 'แก้ไขการแบ่งรายได้ {{agent}} → {{parent}}',
  emptyTitle: 'ไม่พบการแบ่งรายได้',
  confirm: {
    title: 'ยืนยันการเปิด/ปิดใช้งาน',
    disableMessage:
      'ต้องการปิดใช้งานการแบ่งรายได้ {{agent}} → {{parent}} ({{percent}}) ใช่หรือไม่? รายได้จะไม่ถูกแบ่งให้เอเจนต์แม่ตั้งแต่นี้',
    enableMessage: 'ต้องการเปิดใช้งานการแบ่งรายได้ {{agent}} → {{parent}} ({{percent}}) อีกครั้งใช่หรือไม่?',
    disable: 'ยืนยันปิดใช้งาน',
    enable: 'ยืนยันเปิดใช้งาน',
  },
  toast: {
    created: 'เพิ่มการแบ่งรายได้ {{agent}} → {{parent}} ({{percent}}) แล้ว',
    updated: 'บันทึกการแบ่งรายได้ของ {{agent}} แล้ว',
    disabled: 'ปิดใช้งานการแบ่งรายได้ของ {{agent}} แล้ว',
    enabled: 'เปิดใช้งานการแบ่งรายได้ของ {{agent}} แล้ว',
  },
};
