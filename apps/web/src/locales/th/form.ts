/** Thai strings of the form dialogs' own words; en/form.ts holds the same keys. */
export const form = {
  /** A field left empty that the contract requires. */
  required: 'กรุณาระบุข้อมูลในช่องนี้',
  /** A number field holding text that is no number: nothing of it is dropped to make one. */
  notANumber: '“{{text}}” ไม่ใช่ตัวเลข พิมพ์ได้เฉพาะ 0–9 จุดทศนิยม (.) เครื่องหมายลบ และ , คั่นหลักพัน',
  /** Closing a dialog whose fields were changed. */
  discardTitle: 'ทิ้งข้อมูลที่แก้ไข?',
  discardText: 'ข้อมูลที่พิมพ์ในหน้าต่างนี้ยังไม่ได้บันทึก ถ้าปิดตอนนี้ข้อมูลจะหายไป',
  discard: 'ทิ้งและปิด',
  keepEditing: 'แก้ไขต่อ',
};
