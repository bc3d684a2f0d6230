/** Thai strings of the agent report (/agent/report); en/agent-report.ts holds the same keys. */
export const agentReport = {
  description: 'รายชื่อเอเจนต์ที่เปิดใช้งาน พร้อมยอดประจำเดือนของแต่ละเอเจนต์',
  filters: {
    username: 'ชื่อผู้ใช้',
    prefix: 'คำนำหน้า',
    month: 'เดือนของรายงาน',
    monthPlaceholder: 'เลือกเดือน',
  },
  columns: {
    username: 'ชื่อผู้ใช้',
    prefix: 'คำนำหน้า',
    report: 'รายงานประจำเดือน',
    status: 'สถานะเอเจนต์',
  },
  status: {
    active: 'ใช้งาน',
    locked: 'ระงับ',
  },
  widget: {
    label: 'ยอดประจำเดือน {{month}} ของ {{username}}',
    hold: 'ยอดค้าง',
    winLose: 'แพ้/ชนะ',
    deposit: 'ฝาก',
    profit: 'กำไร',
    refresh: 'โหลดยอดของ {{username}} ใหม่',
    loading: 'กำลังโหลด…',
    failed: 'โหลดยอดไม่สำเร็จ: {{reason}}',
  },
  widgetsFailed: 'โหลดยอดประจำเดือนไม่สำเร็จ',
  empty: 'ไม่พบเอเจนต์',
  emptyHint: 'ไม่มีเอเจนต์ที่เปิดใช้งานตรงกับเงื่อนไขการค้นหา',
};
