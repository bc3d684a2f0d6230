/** Thai strings of the register-report screen(s); en/register-report.ts holds the same keys. */
export const registerReport = {
  title: 'รายงานจำนวนการลงทะเบียน',
  description: 'จำนวนผู้เล่นที่ลงทะเบียนในแต่ละวันของเดือน ของเอเจนต์ที่เลือกหรือของทั้งแพลตฟอร์ม',
  agent: 'เอเจนต์',
  month: 'เดือน',
  monthPlaceholder: 'เลือกเดือน',
  allAgents: 'ทั้งแพลตฟอร์ม (ทุกเอเจนต์)',
  descriptionAgentSide: 'จำนวนผู้เล่นที่ลงทะเบียนในแต่ละวันของเดือน ของเอเจนต์ที่เลือกหรือของเอเจนต์ของฉันและสายงาน',
  allAgentsAgentSide: 'เอเจนต์ของฉันและสายงาน (ทุกเอเจนต์)',
  calendar: {
    previousYear: 'ปีก่อนหน้า',
    nextYear: 'ปีถัดไป',
    previousDecade: 'ทศวรรษก่อนหน้า',
    nextDecade: 'ทศวรรษถัดไป',
    yearLevelControl: 'เลือกปี',
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
