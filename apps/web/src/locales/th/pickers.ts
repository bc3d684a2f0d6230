/** The shared pickers of filters (components/): date-time and game provider. */
export const pickers = {
  dateTime: {
    clear: 'ล้าง{{label}}',
    openCalendar: 'เลือก{{label}}จากปฏิทิน',
    invalid: {
      format: 'พิมพ์วันที่เป็น {{pattern}} เช่น 22/11/2026 13:30',
      calendar: 'ไม่มีวันที่นี้ในปฏิทิน',
      years: 'ปีต้องอยู่ระหว่าง 1900 ถึง 2200 (ปี ค.ศ.)',
      time: 'เวลาไม่ถูกต้อง (00:00 ถึง 23:59)',
    },
    /** A day field (no time): how to type one. */
    dayFormat: 'พิมพ์วันที่เป็น {{pattern}} เช่น 22/11/2026',
    endBeforeStart: 'วันที่สิ้นสุดต้องไม่อยู่ก่อนวันที่เริ่มต้น',
    quick: {
      label: 'ช่วงเวลาด่วน',
      choose: 'เลือกช่วงเวลา',
      today: 'วันนี้',
      yesterday: 'เมื่อวาน',
      thisWeek: 'สัปดาห์นี้',
      thisMonth: 'เดือนนี้',
      lastMonth: 'เดือนที่แล้ว',
    },
    previousMonth: 'เดือนก่อนหน้า',
    nextMonth: 'เดือนถัดไป',
    previousYear: 'ปีก่อนหน้า',
    nextYear: 'ปีถัดไป',
    previousDecade: 'ทศวรรษก่อนหน้า',
    nextDecade: 'ทศวรรษถัดไป',
    monthLevelControl: 'เลือกเดือน',
    yearLevelControl: 'เลือกปี',
  },
  brand: {
    all: 'ทุกค่ายเกม',
    choose: 'เลือกค่ายเกม',
    nothingFound: 'ไม่พบค่ายเกม',
    loading: 'กำลังโหลดค่ายเกม…',
    failed: 'โหลดรายชื่อค่ายเกมไม่สำเร็จ',
    disabled: 'ปิดใช้งาน',
    unknown: 'ไม่มีในรายชื่อค่ายเกม',
    clear: 'ล้าง{{label}}',
  },
};
