/** Thai strings of the register-report screen(s); en/register-report.ts holds the same keys. */
export const registerReport = {
  title: 'รายงานจำนวนการลงทะเบียน',
  description: 'จำนวนผู้เล่นที่ลงทะเบียนในแต่ละวันของเดือน ตามเอเจนต์',
  agent: 'เอเจนต์',
  month: 'เดือน',
  monthPlaceholder: 'เลือกเดือน',
  pickAgent: 'เลือกเอเจนต์',
  pickAgentDescription: 'เลือกเอเจนต์และเดือน แล้วกดค้นหาเพื่อดูจำนวนผู้เล่นที่ลงทะเบียนในแต่ละวัน',
  calendar: {
    previousYear: 'ปีก่อนหน้า',
    nextYear: 'ปีถัดไป',
    previousDecade: 'ทศวรรษก่อนหน้า',
    nextDecade: 'ทศวรรษถัดไป',
    yearLevelControl: 'เลือกปี',
  },
  agentPicker: {
    placeholder: 'ค้นหาชื่อหรือ prefix',
    nothingFound: 'ไม่พบเอเจนต์',
  },
  chart: {
    label: 'กราฟจำนวนการลงทะเบียนรายวันของ {{month}}',
    series: 'ลงทะเบียน',
  },
  table: {
    caption: 'จำนวนการลงทะเบียนรายวัน',
    date: 'วันที่',
    count: 'จำนวนผู้ลงทะเบียน',
    total: 'รวมทั้งเดือน',
  },
  summary: '{{username}} · {{month}}: ลงทะเบียนรวม {{total}} คน',
};
