/** The shared pickers of filters (components/): date-time and game provider. */
export const pickers = {
  dateTime: {
    placeholder: 'ดด/วว/ปปปป ชช:นน',
    clear: 'ล้าง{{label}}',
    hours: 'ชั่วโมง',
    minutes: 'นาที',
    amPm: 'AM/PM',
    apply: 'ตกลง',
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
