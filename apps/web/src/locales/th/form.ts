/** Thai strings of the form dialogs' own words; en/form.ts holds the same keys. */
export const form = {
  /** A field left empty that the contract requires. */
  required: 'กรุณาระบุข้อมูลในช่องนี้',
};
