/** Thai strings of the dashboard (/dashboard); en/dashboard.ts holds the same keys. */
export const dashboard = {
  description: 'ภาพรวมของทั้งแพลตฟอร์มในเดือน {{month}} เทียบกับเดือนก่อน',
  descriptionSoFar: 'ภาพรวมของทั้งแพลตฟอร์มในเดือน {{month}} ถึงวันที่ {{day}} (ยังไม่ครบเดือน) เทียบกับเดือนก่อนทั้งเดือน',
  descriptionAgent: 'ภาพรวมของเอเจนต์ของฉันและสายงานในเดือน {{month}} เทียบกับเดือนก่อน',
  descriptionAgentSoFar:
    'ภาพรวมของเอเจนต์ของฉันและสายงานในเดือน {{month}} ถึงวันที่ {{day}} (ยังไม่ครบเดือน) เทียบกับเดือนก่อนทั้งเดือน',
  month: 'เดือน',
  monthPlaceholder: 'เลือกเดือน',
  cards: {
    turnover: 'ยอดเดิมพันเดือนนี้',
    transactions: '{{count}} รายการในเดือนนี้',
    winLose: 'ผลแพ้/ชนะเดือนนี้',
    winLoseHint: 'มุมมองกระเป๋าผู้เล่น: ติดลบเมื่อผู้เล่นเสีย',
    players: 'ผู้เล่นที่เล่นในเดือนนี้',
    playersDetail: '{{active}} จาก {{registered}} ผู้เล่นที่ลงทะเบียน · ลงทะเบียนใหม่ในเดือนนี้ {{fresh}} คน',
    previous: 'เดือนก่อน: {{value}}',
    viewAll: 'ดูทั้งหมด',
    registrationsPerDay: 'ดูการลงทะเบียนรายวัน',
  },
  change: {
    up: 'เพิ่มขึ้น {{percent}} จากเดือนก่อน',
    down: 'ลดลง {{percent}} จากเดือนก่อน',
    same: 'เท่ากับเดือนก่อน',
    noPrevious: 'เดือนก่อนไม่มีข้อมูลให้เทียบ',
  },
  chart: {
    title: 'ผลแพ้/ชนะรายวัน',
    label: 'กราฟแท่งผลแพ้/ชนะรายวันของเดือน {{month}}',
    winLose: 'แพ้/ชนะ',
    empty: 'ยังไม่มีการเดิมพันในเดือนนี้',
  },
  topBrands: {
    title: 'ค่ายเกมยอดนิยม',
    name: 'ค่ายเกม',
  },
  topAgents: {
    title: 'เอเจนต์ยอดนิยม',
    name: 'เอเจนต์',
  },
  columns: {
    rank: 'อันดับ',
    turnover: 'ยอดเดิมพัน',
    winLose: 'แพ้/ชนะ',
  },
  emptyTop: 'ยังไม่มีข้อมูลในเดือนนี้',
  failed: 'โหลดแดชบอร์ดไม่สำเร็จ',
};
