import type { z } from 'zod';
import type { Language } from './language.ts';

/** One message in the languages of the console. */
export type Texts = Record<Language, string>;

/**
 * zod's issue codes, each with the text it has when nothing more precise fits. The record is typed on
 * zod's own list, so a code a new zod version adds fails the type check until it has words here.
 */
const zodCodeMessages: Record<z.core.$ZodIssueCode, Texts> = {
  invalid_type: { th: 'ชนิดของข้อมูลไม่ถูกต้อง', en: 'Wrong type of value' },
  too_big: { th: 'ค่ามากเกินไป (ไม่เกิน {maximum})', en: 'Too big: at most {maximum}' },
  too_small: { th: 'ค่าน้อยเกินไป (อย่างน้อย {minimum})', en: 'Too small: at least {minimum}' },
  invalid_format: { th: 'รูปแบบไม่ถูกต้อง', en: 'Wrong format' },
  not_multiple_of: { th: 'ต้องเป็นผลคูณของ {divisor}', en: 'Must be a multiple of {divisor}' },
  unrecognized_keys: { th: 'มีช่องข้อมูลที่ระบบไม่รู้จัก: {keys}', en: 'Unknown fields: {keys}' },
  invalid_union: { th: 'ค่านี้ไม่ตรงกับรูปแบบใดที่ระบบรับได้', en: 'The value matches none of the accepted forms' },
  invalid_key: { th: 'ชื่อช่องข้อมูลไม่ถูกต้อง', en: 'A field name is not valid' },
  invalid_element: { th: 'มีรายการที่ไม่ถูกต้อง', en: 'An element is not valid' },
  invalid_value: { th: 'ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: {values}', en: 'Must be one of: {values}' },
  custom: { th: 'ค่านี้ไม่ถูกต้อง', en: 'The value is not valid' },
};

/**
 * zod's codes told apart by their params (`issueKey`): what was too long (characters, a number, items),
 * which type or format was expected. These read as a Thai operations user would say them.
 */
const zodDetailMessages = {
  required: { th: 'กรุณากรอกข้อมูลช่องนี้', en: 'Required' },

  'too_big.string': { th: 'ต้องมีไม่เกิน {maximum} ตัวอักษร', en: 'Must be at most {maximum} characters' },
  'too_big.string.exclusive': {
    th: 'ต้องมีน้อยกว่า {maximum} ตัวอักษร',
    en: 'Must be fewer than {maximum} characters',
  },
  'too_big.string.exact': { th: 'ต้องมี {maximum} ตัวอักษรพอดี', en: 'Must be exactly {maximum} characters' },
  'too_big.number': { th: 'ต้องไม่เกิน {maximum}', en: 'Must be at most {maximum}' },
  'too_big.number.exclusive': { th: 'ต้องน้อยกว่า {maximum}', en: 'Must be less than {maximum}' },
  'too_big.array': { th: 'มีได้ไม่เกิน {maximum} รายการ', en: 'At most {maximum} items' },
  'too_big.array.exclusive': { th: 'ต้องมีน้อยกว่า {maximum} รายการ', en: 'Fewer than {maximum} items' },
  'too_big.array.exact': { th: 'ต้องมี {maximum} รายการพอดี', en: 'Exactly {maximum} items' },
  'too_big.date': { th: 'วันที่ต้องไม่เกิน {maximum}', en: 'The date must be {maximum} or earlier' },
  'too_big.date.exclusive': { th: 'วันที่ต้องก่อน {maximum}', en: 'The date must be before {maximum}' },
  'too_big.file': { th: 'ไฟล์ต้องมีขนาดไม่เกิน {maximum} ไบต์', en: 'The file may be at most {maximum} bytes' },

  'too_small.string': { th: 'ต้องมีอย่างน้อย {minimum} ตัวอักษร', en: 'Must be at least {minimum} characters' },
  'too_small.string.exclusive': {
    th: 'ต้องมีมากกว่า {minimum} ตัวอักษร',
    en: 'Must be more than {minimum} characters',
  },
  'too_small.string.exact': { th: 'ต้องมี {minimum} ตัวอักษรพอดี', en: 'Must be exactly {minimum} characters' },
  'too_small.number': { th: 'ต้องไม่น้อยกว่า {minimum}', en: 'Must be at least {minimum}' },
  'too_small.number.exclusive': { th: 'ต้องมากกว่า {minimum}', en: 'Must be more than {minimum}' },
  'too_small.number.not_negative': { th: 'ต้องไม่ติดลบ', en: 'Must not be negative' },
  'too_small.array': { th: 'ต้องมีอย่างน้อย {minimum} รายการ', en: 'At least {minimum} items' },
  'too_small.array.exclusive': { th: 'ต้องมีมากกว่า {minimum} รายการ', en: 'More than {minimum} items' },
  'too_small.array.exact': { th: 'ต้องมี {minimum} รายการพอดี', en: 'Exactly {minimum} items' },
  'too_small.date': { th: 'วันที่ต้องไม่ก่อน {minimum}', en: 'The date must be {minimum} or later' },
  'too_small.date.exclusive': { th: 'วันที่ต้องหลัง {minimum}', en: 'The date must be after {minimum}' },
  'too_small.file': {
    th: 'ไฟล์ต้องมีขนาดอย่างน้อย {minimum} ไบต์',
    en: 'The file must be at least {minimum} bytes',
  },

  'invalid_type.string': { th: 'ต้องเป็นข้อความ', en: 'Must be text' },
  'invalid_type.number': { th: 'ต้องเป็นตัวเลข', en: 'Must be a number' },
  'invalid_type.int': { th: 'ต้องเป็นจำนวนเต็ม', en: 'Must be a whole number' },
  'invalid_type.boolean': { th: 'ต้องเป็นค่าใช่หรือไม่ใช่ (true/false)', en: 'Must be true or false' },
  'invalid_type.array': { th: 'ต้องเป็นรายการ (array)', en: 'Must be a list' },
  'invalid_type.object': { th: 'ต้องเป็นชุดข้อมูล (object)', en: 'Must be an object' },
  'invalid_type.date': { th: 'ต้องเป็นวันที่', en: 'Must be a date' },

  'invalid_format.url': { th: 'ต้องเป็นที่อยู่เว็บ (URL) ที่ถูกต้อง', en: 'Must be a valid URL' },
  'invalid_format.email': { th: 'ต้องเป็นอีเมลที่ถูกต้อง', en: 'Must be a valid email address' },
  'invalid_format.datetime': {
    th: 'ต้องเป็นวันที่และเวลาแบบ ISO 8601 พร้อมเขตเวลา เช่น 2026-01-31T10:00:00+07:00',
    en: 'Must be an ISO 8601 date-time with an offset, e.g. 2026-01-31T10:00:00+07:00',
  },
  'invalid_format.date': {
    th: 'ต้องเป็นวันที่แบบ ปปปป-ดด-วว (ค.ศ.) เช่น 2026-01-31',
    en: 'Must be a date as YYYY-MM-DD, e.g. 2026-01-31',
  },
  'invalid_format.time': { th: 'ต้องเป็นเวลาแบบ ชช:นน:วว', en: 'Must be a time as HH:MM:SS' },
  'invalid_format.uuid': { th: 'ต้องเป็นรหัส UUID', en: 'Must be a UUID' },
  'invalid_format.starts_with': { th: 'ต้องขึ้นต้นด้วย "{prefix}"', en: 'Must start with "{prefix}"' },
  'invalid_format.ends_with': { th: 'ต้องลงท้ายด้วย "{suffix}"', en: 'Must end with "{suffix}"' },
  'invalid_format.includes': { th: 'ต้องมี "{includes}" อยู่ในข้อความ', en: 'Must contain "{includes}"' },

  'invalid_value.one': { th: 'ต้องเป็น {values}', en: 'Must be {values}' },
} as const satisfies Record<string, Texts>;

/**
 * The contract's own issue codes (`data.issues[].code`) and the reasons of non-validation answers
 * (2004 which record, 2009 which rule, 3002/3029/3005 what to do): `{name}` is filled from the issue's
 * `params`, so the numbers and names come from the server while the words stay the user's language.
 */
const contractMessages = {
  // Input rules of the schemas.
  record_id: { th: 'รหัสอ้างอิงไม่ถูกต้อง', en: 'Not a valid record id' },
  date_range: {
    th: 'วันที่ต้องอยู่ในช่วงปี ค.ศ. {minimum}–{maximum}',
    en: 'The date must be in the years {minimum}–{maximum}',
  },
  text_unstorable: {
    th: 'ข้อความมีอักขระที่ไม่อนุญาต (NUL หรืออักขระที่ไม่สมบูรณ์)',
    en: 'The text contains characters that are not allowed (NUL or unpaired surrogates)',
  },
  invisible_characters: {
    th: 'มีอักขระที่มองไม่เห็น (เช่น ช่องว่างความกว้างศูนย์ หรืออักขระควบคุมทิศทางข้อความ) กรุณาพิมพ์ใหม่แทนการคัดลอกมาวาง',
    en: 'Contains invisible characters (such as zero-width spaces or text-direction controls); type it instead of pasting it',
  },
  date_precision: {
    th: 'เวลาระบุละเอียดได้ไม่เกินหลักมิลลิวินาที (ทศนิยม 3 ตำแหน่งของวินาที)',
    en: 'The time may have at most 3 digits of a second (milliseconds)',
  },
  range_too_long: {
    th: 'ช่วงวันที่ยาวได้ไม่เกิน {maximum} วัน',
    en: 'The date range may span at most {maximum} days',
  },
  end_before_start: {
    th: 'วันที่สิ้นสุดต้องไม่อยู่ก่อนวันที่เริ่มต้น',
    en: 'The end must not be before the start',
  },
  day_in_month: { th: 'เดือนที่เลือกมีเพียง {maximum} วัน', en: 'That month has only {maximum} days' },
  int_range: {
    th: 'ต้องเป็นจำนวนเต็มตั้งแต่ {minimum} ถึง {maximum}',
    en: 'Must be a whole number from {minimum} to {maximum}',
  },
  page_too_deep: {
    th: 'เปิดได้ถึงหน้า {maximum} เท่านั้น กรุณาเพิ่มเงื่อนไขค้นหา',
    en: 'Pages go up to {maximum} only; narrow the filters',
  },
  cursor: { th: 'ตำแหน่งหน้าถัดไปไม่ถูกต้อง', en: 'Not a valid page cursor' },
  surrounding_spaces: {
    th: 'ต้องไม่มีช่องว่างหน้าหรือหลังข้อความ',
    en: 'Must not start or end with a space',
  },
  username_chars: {
    th: 'ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ (a–z, A–Z) ตัวเลข และ _',
    en: 'May contain only letters, digits and _',
  },
  prefix_chars: {
    th: 'ใช้ได้เฉพาะตัวพิมพ์เล็ก a–z และตัวเลข 0–9',
    en: 'May contain only lower-case letters and digits',
  },
  code_chars: {
    th: 'ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข _ และ -',
    en: 'May contain only letters, digits, _ and -',
  },
  codename_chars: {
    th: 'ใช้ได้เฉพาะตัวพิมพ์ใหญ่ A–Z ตัวเลข และ _',
    en: 'May contain only upper-case letters, digits and _',
  },
  secret_chars: {
    th: 'ใช้ได้เฉพาะอักขระ ASCII ที่มองเห็นได้ (ห้ามมีช่องว่างหรือภาษาไทย)',
    en: 'May contain only visible ASCII characters',
  },
  secret_weak: {
    th: 'ต้องมีอักขระที่ต่างกันอย่างน้อย {minimum} ตัว',
    en: 'Must contain at least {minimum} different characters',
  },
  secret_taken: {
    th: 'รหัสลับนี้มีเอเจนต์อื่นใช้อยู่แล้ว ให้ใช้ค่าอื่น หรือเว้นว่างให้ระบบสร้างให้',
    en: 'Another agent already signs with this secret; choose another or leave it blank for a generated one',
  },
  http_url: {
    th: 'ต้องเป็นที่อยู่เว็บที่ขึ้นต้นด้วย http:// หรือ https://',
    en: 'Must be an http:// or https:// URL',
  },
  decimals: {
    th: 'มีทศนิยมได้ไม่เกิน {maximum} ตำแหน่ง',
    en: 'May have at most {maximum} decimals',
  },
  percent_range: {
    th: 'เปอร์เซ็นต์ต้องอยู่ระหว่าง {minimum} ถึง {maximum}',
    en: 'The percentage must be between {minimum} and {maximum}',
  },
  amount_not_positive: {
    th: 'ยอดของรายการ {betType} ต้องไม่มากกว่า 0',
    en: '{betType} amounts must be 0 or less',
  },
  amount_not_negative: {
    th: 'ยอดของรายการ {betType} ต้องไม่ติดลบ',
    en: '{betType} amounts must not be negative',
  },
  data_exception: {
    th: 'ข้อมูลมีค่าที่ฐานข้อมูลจัดเก็บไม่ได้',
    en: 'The input holds a value the database cannot store',
  },

  // Rules the services check against stored data (2001 on a field).
  game_unknown: {
    th: 'ค่ายเกม "{game}" ไม่มีในระบบหรือถูกปิดใช้งานอยู่',
    en: 'Game "{game}" is not an enabled game provider',
  },
  game_not_offered: {
    th: 'ค่ายเกม "{game}" ไม่อยู่ในเกมของเอเจนต์คุณ',
    en: 'Game "{game}" is not one of your agent\'s games',
  },
  not_for_agent_side: {
    th: 'บัญชีฝั่งเอเจนต์กำหนดค่านี้ไม่ได้',
    en: 'An agent-side account may not set this',
  },
  game_repeated: {
    th: 'ค่ายเกม "{game}" ถูกเลือกซ้ำ',
    en: 'Game "{game}" is listed twice',
  },
  type_repeated: {
    th: 'ประเภทผู้ดูแล "{type}" ถูกเลือกซ้ำ',
    en: 'Admin type "{type}" is listed twice',
  },
  unknown_game_brand: {
    th: 'ค่ายเกม "{gameBrand}" ไม่ได้ลงทะเบียนไว้ในระบบ',
    en: '"{gameBrand}" is not the codename of a registered game provider',
  },
  own_parent: {
    th: 'เอเจนต์เป็นเอเจนต์แม่ของตัวเองไม่ได้',
    en: 'An agent cannot be its own parent',
  },

  // Settlement: dates, periods and payments (docs/design.md §15).
  invalid_date: {
    th: 'ต้องเป็นวันที่แบบ ปปปป-ดด-วว (ค.ศ.) ที่มีอยู่จริง ในช่วงปี {minimum}–{maximum}',
    en: 'Must be a real day as YYYY-MM-DD in the years {minimum}–{maximum}',
  },
  effective_from_closed: {
    th: 'วันที่มีผลต้องไม่ก่อน {minimum} (วันแรกของงวดที่ยังไม่ปิด) งวดที่ปิดแล้วแก้ไขไม่ได้',
    en: 'The effective date must be {minimum} or later (the first day of the earliest open period); closed periods cannot change',
  },
  effective_from_closing: {
    th: 'วันที่มีผลอยู่ในงวด {month}/{year} ซึ่งรออนุมัติปิดงวด กรุณาเลือกวันหลังงวดนี้ หรือรอผลการอนุมัติ',
    en: 'The effective date falls in {month}/{year}, whose close is awaiting approval; choose a later day or wait for the decision',
  },
  paid_on_closed: {
    th: 'วันที่ชำระอยู่ในงวด {month}/{year} ซึ่งปิดแล้วหรือรออนุมัติปิด กรุณาบันทึกในงวดที่ยังเปิดอยู่',
    en: 'The payment date falls in {month}/{year}, which is closed or awaiting its close; record it in an open period',
  },
  payment_amount_range: {
    th: 'ยอดชำระต้องมากกว่า 0 และไม่เกิน {maximum}',
    en: 'The amount must be more than 0 and at most {maximum}',
  },
  required_with_month: { th: 'กรุณาระบุปีเมื่อเลือกเดือน', en: 'Required when a month is given' },
  period_not_past: {
    th: 'งวด {month}/{year} ยังไม่สิ้นสุด ปิดได้เฉพาะงวดที่ผ่านไปแล้ว',
    en: 'The period {month}/{year} has not ended; only past months can be closed',
  },
  period_in_future: {
    th: 'งวดนี้ยังไม่เริ่ม ดูสรุปยอดได้ถึงเดือนปัจจุบันเท่านั้น',
    en: 'This period has not begun; statements go up to the current month',
  },
  period_not_next: {
    th: 'ต้องปิดงวดตามลำดับ งวดถัดไปที่ปิดได้คือ {month}/{year}',
    en: 'Periods close in order; the next one to close is {month}/{year}',
  },

  // Duplicates and conflicting state (2009).
  period_already_requested: {
    th: 'งวด {month}/{year} ถูกขอปิดหรือปิดไปแล้ว',
    en: 'The period {month}/{year} is already awaiting its close or closed',
  },
  approval_decided: {
    th: 'คำขอนี้ได้รับการอนุมัติหรือปฏิเสธไปแล้ว',
    en: 'This request has already been approved or rejected',
  },
  sharing_not_in_force: {
    th: 'การแบ่งรายได้นี้ไม่มีผลในวันที่เลือก จึงขอเปลี่ยนเปอร์เซ็นต์ไม่ได้',
    en: 'This arrangement is not in force from that day; its percentage cannot be changed',
  },
  sharing_change_pending: {
    th: 'การแบ่งรายได้นี้มีการเปลี่ยนแปลงที่รออนุมัติอยู่แล้ว',
    en: 'This arrangement already has a change awaiting approval',
  },
  payment_voided: { th: 'รายการชำระนี้ถูกยกเลิกไปแล้ว', en: 'This payment has already been voided' },
  username_taken: { th: 'ชื่อผู้ใช้ "{username}" ถูกใช้แล้ว', en: 'Username "{username}" is already taken' },
  sign_in_name_taken: {
    th: 'ชื่อ "{username}" เป็นชื่อเข้าสู่ระบบของบัญชีอื่นอยู่แล้ว (พนักงานและเอเจนต์ใช้ชื่อซ้ำกันไม่ได้)',
    en: '"{username}" is already another account\'s sign-in name (staff and agents share one name space)',
  },
  operator_username_taken: {
    th: 'ชื่อผู้ใช้ "{username}" ถูกใช้แล้วในเอเจนต์นี้',
    en: 'Username "{username}" is already used by this agent',
  },
  player_exists: { th: 'มีผู้เล่น "{username}" อยู่แล้ว', en: 'Player "{username}" already exists' },
  prefix_taken: {
    th: 'คำนำหน้า "{prefix}" ถูกใช้โดยเอเจนต์อื่นแล้ว',
    en: 'Prefix "{prefix}" is already used by another agent',
  },
  prefix_overlap: {
    th: 'คำนำหน้านี้ซ้อนกับคำนำหน้า "{prefix}" ของเอเจนต์อื่น (คำหนึ่งขึ้นต้นด้วยอีกคำ) ชื่อผู้เล่นจะชนกัน',
    en: 'This prefix overlaps agent prefix "{prefix}" (one starts the other): player names would collide',
  },
  code_taken: {
    th: 'รหัสระบบ "{code}" ถูกใช้โดยเอเจนต์อื่นแล้ว',
    en: 'System code "{code}" is already used by another agent',
  },
  codename_taken: {
    th: 'รหัส "{codename}" ถูกใช้โดยค่ายเกมอื่นแล้ว',
    en: 'Code "{codename}" is already used by another game provider',
  },
  codename_in_use: {
    th: 'มีรายการเดิมพันที่บันทึกด้วยรหัส "{codename}" แล้ว จึงเปลี่ยนรหัสไม่ได้ (รอบที่ค้างอยู่จะปิดไม่ได้)',
    en: 'Bets are stored under code "{codename}", so it cannot change (their open rounds could no longer settle)',
  },
  record_exists: { th: 'มีข้อมูลนี้อยู่แล้ว', en: 'This record already exists' },
  last_superadmin: {
    th: 'ต้องมี SUPERADMIN ที่ใช้งานได้อย่างน้อยหนึ่งบัญชี จึงล็อกหรือเปลี่ยนประเภทบัญชีนี้ไม่ได้',
    en: 'The last active SUPERADMIN cannot be locked or demoted',
  },
  sharing_exists: {
    th: 'เอเจนต์นี้มีการแบ่งรายได้ที่เปิดใช้งานอยู่แล้ว',
    en: 'This agent already has an enabled sharing arrangement',
  },
  sharing_cycle: {
    th: 'การแบ่งรายได้นี้จะทำให้ลำดับเอเจนต์แม่วนกลับมาที่เอเจนต์เดิม',
    en: 'This arrangement would make a cycle of parent agents',
  },
  player_other_agent: {
    th: 'ผู้เล่น "{username}" เป็นของเอเจนต์อื่น',
    en: 'Player "{username}" belongs to another agent',
  },
  player_deleted: {
    th: 'ผู้เล่นในชุดข้อมูลถูกลบระหว่างการบันทึก กรุณาส่งใหม่',
    en: 'A player of the batch was deleted while it was stored',
  },
  bet_resent_differs: {
    th: 'รายการเดิมถูกส่งซ้ำโดยมีข้อมูลต่างจากที่บันทึกไว้ จึงไม่บันทึกชุดข้อมูลนี้',
    en: 'A re-sent bet differs from the stored one; nothing of the batch was stored',
  },
  agent_total_out_of_range: {
    th: 'ยอดรวมของเอเจนต์นี้เกินขีดจำกัดของระบบบัญชี จึงไม่บันทึกชุดข้อมูลนี้',
    en: "One of this agent's totals would exceed the ledger's limit; nothing of the batch was stored",
  },

  // Which record was not found (2004).
  agent_not_found: { th: 'ไม่พบเอเจนต์นี้', en: 'Agent not found' },
  admin_not_found: { th: 'ไม่พบผู้ดูแลระบบนี้', en: 'Admin not found' },
  adapter_not_found: { th: 'ไม่พบค่ายเกมนี้', en: 'Game provider not found' },
  player_not_found: { th: 'ไม่พบผู้เล่นนี้', en: 'Player not found' },
  sharing_not_found: { th: 'ไม่พบการแบ่งรายได้นี้', en: 'Agent sharing not found' },
  operator_not_found: { th: 'ไม่พบผู้ปฏิบัติงานเอเจนต์นี้', en: 'Agent operator not found' },
  transaction_not_found: { th: 'ไม่พบรายการธุรกรรมนี้', en: 'Transaction not found' },
  approval_not_found: { th: 'ไม่พบคำขออนุมัตินี้', en: 'Approval request not found' },
  payment_not_found: { th: 'ไม่พบรายการชำระนี้', en: 'Payment not found' },
  ingest_log_not_found: {
    th: 'ไม่พบคำขอนี้ในบันทึกการรับข้อมูล (เก็บไว้ 30 วัน)',
    en: 'Ingest log entry not found (entries are kept 30 days)',
  },

  // Sign-in, re-authentication and what a role may do (3002, 3029, 3005, 3004).
  password_incorrect: { th: 'รหัสผ่านไม่ถูกต้อง', en: 'The password is incorrect' },
  too_many_attempts: {
    th: 'ใส่รหัสผ่านผิดหลายครั้งเกินไป กรุณารอ {seconds} วินาทีแล้วลองใหม่',
    en: 'Too many failed sign-in attempts; try again in {seconds} seconds',
  },
  too_many_refusals: {
    th: 'คำขอส่งข้อมูลถูกปฏิเสธหลายครั้งเกินไป กรุณารอ {seconds} วินาทีแล้วลองใหม่',
    en: 'Too many refused ingest requests; try again in {seconds} seconds',
  },
  reauth_required: {
    th: 'กรุณายืนยันรหัสผ่านอีกครั้งก่อนทำรายการนี้ (การยืนยันมีผล {minutes} นาที)',
    en: 'Confirm your password before this change (a confirmation lasts {minutes} minutes)',
  },
  manage_type_forbidden: {
    th: 'ผู้ดูแลประเภท {actorType} จัดการบัญชีประเภท {type} ไม่ได้',
    en: 'A {actorType} may not manage {type} accounts',
  },
  own_request: {
    th: 'อนุมัติหรือปฏิเสธคำขอของตัวเองไม่ได้ ต้องให้ผู้ดูแลอีกคนหนึ่งเป็นผู้ตัดสิน',
    en: 'You cannot decide your own request; a second administrator must',
  },
  own_type: { th: 'เปลี่ยนประเภทบัญชีของตัวเองไม่ได้', en: 'You cannot change your own type' },
  lock_self: { th: 'ล็อกบัญชีของตัวเองไม่ได้', en: 'You cannot lock yourself' },
  unlock_self: { th: 'ปลดล็อกบัญชีของตัวเองไม่ได้', en: 'You cannot unlock yourself' },
  own_agent_change: {
    th: 'แก้ไขหรือล็อกเอเจนต์ของตัวเองจากหน้านี้ไม่ได้',
    en: 'You cannot edit or lock your own agent here',
  },
  not_own_agent: {
    th: 'ทำได้เฉพาะกับเอเจนต์ของคุณเองเท่านั้น',
    en: 'This is allowed for your own agent only',
  },
  not_own_sub_agent: {
    th: 'แก้ไขการแบ่งรายได้ได้เฉพาะของเอเจนต์ย่อยที่อยู่ใต้เอเจนต์ของคุณโดยตรง',
    en: 'Only the sharing of your own direct sub-agents can be changed',
  },
  operator_type_forbidden: {
    th: 'ผู้ใช้ประเภท {actorType} จัดการบัญชีผู้ใช้ประเภท {type} ไม่ได้',
    en: 'A {actorType} may not manage {type} accounts',
  },

  // Reconciliation by upload (2001): what is wrong with the file, and on which line (docs/design.md §16).
  csv_header: {
    th: 'บรรทัดแรกของไฟล์ต้องเป็นชื่อคอลัมน์ betId, betType, amount และ startDate',
    en: 'The first line must name the columns betId, betType, amount and startDate',
  },
  csv_line: {
    th: 'บรรทัดที่ {line}: ค่าในคอลัมน์ {field} ไม่ถูกต้อง',
    en: 'Line {line}: the {field} column is not valid',
  },
  csv_encoding: {
    th: 'บรรทัดที่ {line}: ไฟล์ต้องเป็นข้อความ UTF-8 ที่ไม่มีอักขระ NUL',
    en: 'Line {line}: the file must be UTF-8 text without NUL characters',
  },
  csv_line_too_long: {
    th: 'บรรทัดที่ {line} ยาวเกิน {maximum} ตัวอักษร',
    en: 'Line {line} is longer than {maximum} characters',
  },
  csv_duplicate: {
    th: 'บรรทัดที่ {line}: รายการเดิมพันนี้ (betId และ betType เดียวกัน) ซ้ำกับบรรทัดที่ {first}',
    en: 'Line {line}: the same bet (betId and betType) is already on line {first}',
  },
  csv_outside_period: {
    th: 'บรรทัดที่ {line}: เวลาเริ่มอยู่นอกช่วงวันที่ที่เลือก',
    en: 'Line {line}: startDate is outside the chosen period',
  },
  csv_too_many_rows: {
    th: 'ไฟล์มีรายการเกิน {maximum} รายการ',
    en: 'The file holds more than {maximum} bets',
  },

  // Requests the framework refuses before any route reads them (2001).
  malformed_json: { th: 'ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง', en: 'The body is not valid JSON' },
  body_too_large: {
    th: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินไป (ไม่เกิน {maximum} ไบต์)',
    en: 'The body is too large (at most {maximum} bytes)',
  },
  content_type: { th: 'ชนิดของข้อมูลที่ส่งมาไม่รองรับ', en: 'The content type is not supported' },
  malformed_url: { th: 'ที่อยู่ของคำขอไม่ถูกต้อง', en: 'The request URL is malformed' },
  param_too_long: { th: 'ค่าในที่อยู่ของคำขอยาวเกินไป', en: 'A path parameter is too long' },
  bad_request: { th: 'คำขอไม่ถูกต้อง', en: 'Bad request' },
  head_too_large: {
    th: 'ที่อยู่และส่วนหัวของคำขอยาวเกินไป (รวมกันไม่เกิน {maximum} ไบต์)',
    en: 'The request URL and headers are too large (at most {maximum} bytes together)',
  },
  request_timeout: { th: 'คำขอส่งมาช้าเกินไป กรุณาลองใหม่', en: 'The request took too long to arrive; try again' },

  // Account security: password rules, second factor, address allow-lists.
  session_not_found: { th: 'ไม่พบเซสชันนี้', en: 'Session not found' },
  unknown_path: {
    th: 'ไม่มีคำสั่ง {method} {path} ใน API นี้',
    en: 'This API has no {method} {path}',
  },
  concurrent_change: {
    th: 'มีการเปลี่ยนแปลงเดียวกันเกิดขึ้นพร้อมกัน กรุณาลองใหม่',
    en: 'The same change happened at the same time; try again',
  },
  reset_own: {
    th: 'ใช้การเปลี่ยนรหัสผ่านหรือปิดการยืนยันสองขั้นตอนของตัวเองแทน',
    en: 'Change your own password or turn your own second factor off instead',
  },
  totp_already_on: {
    th: 'เปิดใช้การยืนยันตัวตนสองขั้นตอนอยู่แล้ว ต้องปิดก่อน',
    en: 'Two-factor sign-in is already on; turn it off first',
  },
  totp_not_started: { th: 'กรุณาเริ่มการลงทะเบียนก่อน', en: 'Start the enrolment first' },
  totp_not_on: { th: 'ยังไม่ได้เปิดใช้การยืนยันตัวตนสองขั้นตอน', en: 'Two-factor sign-in is not on' },
  password_common: {
    th: 'รหัสผ่านนี้เป็นรหัสที่ใช้กันทั่วไปและเดาง่าย กรุณาเลือกรหัสอื่น',
    en: 'This password is one of the most common ones and easy to guess; choose another',
  },
  password_is_username: {
    th: 'รหัสผ่านต้องไม่เหมือนชื่อผู้ใช้',
    en: 'The password must not be the username',
  },
  password_unchanged: {
    th: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน',
    en: 'The new password must differ from the current one',
  },
  current_password: { th: 'รหัสผ่านปัจจุบันไม่ถูกต้อง', en: 'The current password is incorrect' },
  password_mismatch: {
    th: 'รหัสผ่านใหม่ทั้งสองช่องไม่ตรงกัน',
    en: 'The two new passwords do not match',
  },
  second_factor_code: {
    th: 'กรอกรหัส 6 หลักจากแอป หรือรหัสกู้คืน',
    en: 'Enter the 6-digit code from the app, or a recovery code',
  },
  totp_code: { th: 'กรอกรหัส 6 หลักจากแอปยืนยันตัวตน', en: 'Enter the 6-digit code from the authenticator app' },
  totp_invalid: {
    th: 'รหัสไม่ถูกต้อง หมดเวลา หรือถูกใช้ไปแล้ว',
    en: 'The code is wrong, expired or already used',
  },
  ip_or_cidr: {
    th: 'ต้องเป็นที่อยู่ IPv4 หรือ IPv6 หรือช่วง CIDR',
    en: 'Must be an IPv4 or IPv6 address or CIDR range',
  },
  ipv6_range_covers_ipv4: {
    th: 'ช่วง IPv6 นี้ครอบคลุม ::ffff:0:0/96 จึงจะยอมรับไคลเอนต์ IPv4 ทุกราย ให้ระบุช่วง IPv4 เป็น IPv4',
    en: 'This IPv6 range holds ::ffff:0:0/96 and would admit every IPv4 client; list IPv4 ranges as IPv4',
  },
  own_address_missing: {
    th: 'รายการต้องมีที่อยู่ IP ปัจจุบันของคุณ ({ip}) มิฉะนั้นคุณจะถูกปิดกั้นเอง',
    en: 'The list must include your current address ({ip}), or you would shut yourself out',
  },

  // An internal error (9000): nothing about it but the id support finds it by in the log.
  internal_error: {
    th: 'เกิดข้อผิดพลาดภายในระบบ (รหัสคำขอ {requestId})',
    en: 'Internal error (request id {requestId})',
  },
  // The database could not be reached (9003): the request did nothing and may be sent again.
  database_unavailable: {
    th: 'ฐานข้อมูลไม่พร้อมใช้งานชั่วคราว ลองใหม่ใน {seconds} วินาที',
    en: 'The database is briefly unavailable; try again in {seconds} seconds',
  },
  // The server's disk is full (9003): nothing was changed; reads still work.
  disk_full: {
    th: 'พื้นที่ดิสก์ของเซิร์ฟเวอร์เต็ม ระบบยังเปิดดูข้อมูลได้ แต่บันทึกการเปลี่ยนแปลงไม่ได้จนกว่าจะมีพื้นที่ว่าง',
    en: "The server's disk is full; changes cannot be saved until space is freed",
  },
  // This server's TOTP_KEY cannot open the stored two-factor secrets (9003): a deployment fault.
  totp_key_mismatch: {
    th: 'เซิร์ฟเวอร์นี้อ่านข้อมูลการยืนยันตัวตนสองขั้นตอนไม่ได้ (ค่า TOTP_KEY ไม่ตรงกับเซิร์ฟเวอร์อื่น) กรุณาแจ้งผู้ดูแลระบบ',
    en: "This server cannot read two-factor secrets (its TOTP_KEY differs from the other servers'); tell the administrator",
  },
} as const satisfies Record<string, Texts>;

/** A code of the contract's own: every custom rule and every server refusal names one of these. */
export type ContractIssueCode = keyof typeof contractMessages;
export type ZodIssueCode = z.core.$ZodIssueCode;
/** Any code an issue of this API may carry. */
export type IssueCode = ContractIssueCode | ZodIssueCode;

export const contractIssueCodes = Object.keys(contractMessages) as ContractIssueCode[];
export const zodIssueCodes = Object.keys(zodCodeMessages) as ZodIssueCode[];

/**
 * Every issue text, by `issueKey`: zod's codes, their variants by params, and the contract's codes.
 * API clients find the same words here as the web shows.
 */
export const issueMessages: Readonly<Record<string, Texts>> = {
  ...zodCodeMessages,
  ...zodDetailMessages,
  ...contractMessages,
};

/**
 * Each text with blanks (`{maximum}`, `{username}`, …) said without them: for an issue whose params
 * were not kept (the ingest log's rows from before it kept them), so no reader sees a bare code or a
 * `{name}`. Every key of `issueMessages` with a blank has one here (checked by messages.test.ts).
 */
export const issueMessagesWithoutParams: Readonly<Record<string, Texts>> = {
  csv_line: { th: 'มีบรรทัดในไฟล์ที่มีค่าไม่ถูกต้อง', en: 'A line of the file holds a value that is not valid' },
  csv_encoding: {
    th: 'ไฟล์ต้องเป็นข้อความ UTF-8 ที่ไม่มีอักขระ NUL',
    en: 'The file must be UTF-8 text without NUL characters',
  },
  csv_line_too_long: { th: 'มีบรรทัดในไฟล์ที่ยาวเกินกำหนด', en: 'A line of the file is too long' },
  csv_duplicate: { th: 'มีรายการเดิมพันซ้ำกันในไฟล์', en: 'The file holds the same bet twice' },
  csv_outside_period: {
    th: 'มีรายการที่เวลาเริ่มอยู่นอกช่วงวันที่ที่เลือก',
    en: 'A bet starts outside the chosen period',
  },
  csv_too_many_rows: { th: 'ไฟล์มีรายการมากเกินกำหนด', en: 'The file holds too many bets' },
  too_big: { th: 'ค่ามากเกินกว่าที่กำหนด', en: 'Too big' },
  too_small: { th: 'ค่าน้อยกว่าที่กำหนด', en: 'Too small' },
  not_multiple_of: { th: 'ค่าไม่ใช่ผลคูณของค่าที่กำหนด', en: 'Not a multiple of the required step' },
  unrecognized_keys: { th: 'มีช่องข้อมูลที่ระบบไม่รู้จัก', en: 'Has unknown fields' },
  invalid_value: { th: 'ค่านี้ไม่อยู่ในรายการค่าที่ระบบรับได้', en: 'Not one of the accepted values' },
  'too_big.string': { th: 'ข้อความยาวเกินกำหนด', en: 'Too long' },
  'too_big.string.exclusive': { th: 'ข้อความยาวเกินกำหนด', en: 'Too long' },
  'too_big.string.exact': { th: 'จำนวนตัวอักษรไม่ตรงตามที่กำหนด', en: 'Not the required number of characters' },
  'too_big.number': { th: 'ค่ามากเกินกว่าที่กำหนด', en: 'Too big' },
  'too_big.number.exclusive': { th: 'ค่ามากเกินกว่าที่กำหนด', en: 'Too big' },
  'too_big.array': { th: 'มีรายการมากเกินกำหนด', en: 'Too many items' },
  'too_big.array.exclusive': { th: 'มีรายการมากเกินกำหนด', en: 'Too many items' },
  'too_big.array.exact': { th: 'จำนวนรายการไม่ตรงตามที่กำหนด', en: 'Not the required number of items' },
  'too_big.date': { th: 'วันที่ช้ากว่าที่กำหนด', en: 'The date is too late' },
  'too_big.date.exclusive': { th: 'วันที่ช้ากว่าที่กำหนด', en: 'The date is too late' },
  'too_big.file': { th: 'ไฟล์มีขนาดใหญ่เกินกำหนด', en: 'The file is too large' },
  'too_small.string': { th: 'ข้อความสั้นกว่าที่กำหนด', en: 'Too short' },
  'too_small.string.exclusive': { th: 'ข้อความสั้นกว่าที่กำหนด', en: 'Too short' },
  'too_small.string.exact': {
    th: 'จำนวนตัวอักษรไม่ตรงตามที่กำหนด',
    en: 'Not the required number of characters',
  },
  'too_small.number': { th: 'ค่าน้อยกว่าที่กำหนด', en: 'Too small' },
  'too_small.number.exclusive': { th: 'ค่าน้อยกว่าที่กำหนด', en: 'Too small' },
  'too_small.array': { th: 'มีรายการน้อยกว่าที่กำหนด', en: 'Too few items' },
  'too_small.array.exclusive': { th: 'มีรายการน้อยกว่าที่กำหนด', en: 'Too few items' },
  'too_small.array.exact': { th: 'จำนวนรายการไม่ตรงตามที่กำหนด', en: 'Not the required number of items' },
  'too_small.date': { th: 'วันที่เร็วกว่าที่กำหนด', en: 'The date is too early' },
  'too_small.date.exclusive': { th: 'วันที่เร็วกว่าที่กำหนด', en: 'The date is too early' },
  'too_small.file': { th: 'ไฟล์มีขนาดเล็กกว่าที่กำหนด', en: 'The file is too small' },
  'invalid_format.starts_with': { th: 'ขึ้นต้นไม่ตรงตามที่กำหนด', en: 'Does not start as required' },
  'invalid_format.ends_with': { th: 'ลงท้ายไม่ตรงตามที่กำหนด', en: 'Does not end as required' },
  'invalid_format.includes': { th: 'ไม่มีข้อความที่กำหนดอยู่ในข้อความ', en: 'Does not contain the required text' },
  'invalid_value.one': { th: 'ค่านี้ไม่ตรงกับค่าที่ระบบรับได้', en: 'Not the accepted value' },
  invalid_date: {
    th: 'วันที่ไม่ถูกต้อง หรืออยู่นอกช่วงปีที่ระบบรับได้',
    en: 'Not a valid day, or outside the accepted years',
  },
  effective_from_closed: {
    th: 'วันที่มีผลอยู่ในงวดที่ปิดแล้ว งวดที่ปิดแล้วแก้ไขไม่ได้',
    en: 'The effective date is in a closed period; closed periods cannot change',
  },
  effective_from_closing: {
    th: 'วันที่มีผลอยู่ในงวดที่รออนุมัติปิดงวด',
    en: 'The effective date falls in a period whose close is awaiting approval',
  },
  paid_on_closed: {
    th: 'วันที่ชำระอยู่ในงวดที่ปิดแล้วหรือรออนุมัติปิด',
    en: 'The payment date falls in a closed period or one awaiting its close',
  },
  payment_amount_range: { th: 'ยอดชำระอยู่นอกช่วงที่รับได้', en: 'The amount is out of range' },
  period_not_past: { th: 'งวดนี้ยังไม่สิ้นสุด ปิดได้เฉพาะงวดที่ผ่านไปแล้ว', en: 'Only past months can be closed' },
  period_not_next: { th: 'ต้องปิดงวดตามลำดับ', en: 'Periods close in order' },
  period_already_requested: {
    th: 'งวดนี้ถูกขอปิดหรือปิดไปแล้ว',
    en: 'The period is already awaiting its close or closed',
  },
  date_range: { th: 'วันที่อยู่นอกช่วงปีที่ระบบรับได้', en: 'The date is outside the accepted years' },
  range_too_long: { th: 'ช่วงวันที่ยาวเกินกำหนด', en: 'The date range is too long' },
  day_in_month: { th: 'เดือนที่เลือกไม่มีวันที่นี้', en: 'That month has no such day' },
  int_range: { th: 'ต้องเป็นจำนวนเต็มในช่วงที่กำหนด', en: 'Must be a whole number in the allowed range' },
  page_too_deep: {
    th: 'เปิดหน้าลึกเกินกำหนด กรุณาเพิ่มเงื่อนไขค้นหา',
    en: 'The page is too deep; narrow the filters',
  },
  decimals: { th: 'มีทศนิยมเกินจำนวนตำแหน่งที่รับได้', en: 'Has more decimals than allowed' },
  percent_range: { th: 'เปอร์เซ็นต์อยู่นอกช่วงที่รับได้', en: 'The percentage is out of range' },
  amount_not_positive: {
    th: 'ยอดของรายการประเภทนี้ต้องไม่มากกว่า 0',
    en: 'Amounts of this bet type must be 0 or less',
  },
  amount_not_negative: {
    th: 'ยอดของรายการประเภทนี้ต้องไม่ติดลบ',
    en: 'Amounts of this bet type must not be negative',
  },
  game_unknown: {
    th: 'ค่ายเกมนี้ไม่มีในระบบหรือถูกปิดใช้งานอยู่',
    en: 'The game is not an enabled game provider',
  },
  game_not_offered: {
    th: 'ค่ายเกมนี้ไม่อยู่ในเกมของเอเจนต์คุณ',
    en: "The game is not one of your agent's games",
  },
  game_repeated: { th: 'มีค่ายเกมที่ถูกเลือกซ้ำ', en: 'A game is listed twice' },
  type_repeated: { th: 'มีประเภทผู้ดูแลที่ถูกเลือกซ้ำ', en: 'An admin type is listed twice' },
  unknown_path: { th: 'ไม่มีคำสั่งนี้ใน API', en: 'This API has no such call' },
  secret_weak: { th: 'มีอักขระที่ต่างกันน้อยเกินไป', en: 'Has too few different characters' },
  codename_in_use: {
    th: 'มีรายการเดิมพันที่บันทึกด้วยรหัสนี้แล้ว จึงเปลี่ยนรหัสไม่ได้',
    en: 'Bets are stored under this code, so it cannot change',
  },
  unknown_game_brand: {
    th: 'ค่ายเกมนี้ไม่ได้ลงทะเบียนไว้ในระบบ',
    en: 'The game brand is not the codename of a registered game provider',
  },
  username_taken: { th: 'ชื่อผู้ใช้นี้ถูกใช้แล้ว', en: 'The username is already taken' },
  sign_in_name_taken: {
    th: 'ชื่อนี้เป็นชื่อเข้าสู่ระบบของบัญชีอื่นอยู่แล้ว',
    en: "The name is already another account's sign-in name",
  },
  operator_username_taken: {
    th: 'ชื่อผู้ใช้นี้ถูกใช้แล้วในเอเจนต์นี้',
    en: 'The username is already used by this agent',
  },
  player_exists: { th: 'มีผู้เล่นนี้อยู่แล้ว', en: 'The player already exists' },
  prefix_taken: { th: 'Prefix นี้ถูกใช้โดยเอเจนต์อื่นแล้ว', en: 'The prefix is already used by another agent' },
  prefix_overlap: {
    th: 'คำนำหน้านี้ซ้อนกับคำนำหน้าของเอเจนต์อื่น (คำหนึ่งขึ้นต้นด้วยอีกคำ) ชื่อผู้เล่นจะชนกัน',
    en: "The prefix overlaps another agent's prefix (one starts the other): player names would collide",
  },
  code_taken: { th: 'รหัสระบบนี้ถูกใช้โดยเอเจนต์อื่นแล้ว', en: 'The system code is already used by another agent' },
  codename_taken: {
    th: 'รหัสนี้ถูกใช้โดยค่ายเกมอื่นแล้ว',
    en: 'The code is already used by another game provider',
  },
  player_other_agent: { th: 'ผู้เล่นนี้เป็นของเอเจนต์อื่น', en: 'The player belongs to another agent' },
  too_many_attempts: {
    th: 'ใส่รหัสผ่านผิดหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่',
    en: 'Too many failed sign-in attempts; wait and try again',
  },
  too_many_refusals: {
    th: 'คำขอส่งข้อมูลถูกปฏิเสธหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่',
    en: 'Too many refused ingest requests; wait and try again',
  },
  reauth_required: {
    th: 'กรุณายืนยันรหัสผ่านอีกครั้งก่อนทำรายการนี้',
    en: 'Confirm your password before this change',
  },
  manage_type_forbidden: {
    th: 'ผู้ดูแลประเภทนี้จัดการบัญชีประเภทนี้ไม่ได้',
    en: 'Your account type may not manage accounts of this type',
  },
  operator_type_forbidden: {
    th: 'ผู้ใช้ประเภทนี้จัดการบัญชีผู้ใช้ประเภทนี้ไม่ได้',
    en: 'Your account type may not manage accounts of this type',
  },
  body_too_large: { th: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินไป', en: 'The body is too large' },
  head_too_large: { th: 'ที่อยู่และส่วนหัวของคำขอยาวเกินไป', en: 'The request URL and headers are too large' },
  own_address_missing: {
    th: 'รายการต้องมีที่อยู่ IP ปัจจุบันของคุณ มิฉะนั้นคุณจะถูกปิดกั้นเอง',
    en: 'The list must include your current address, or you would shut yourself out',
  },
  internal_error: { th: 'เกิดข้อผิดพลาดภายในระบบ', en: 'Internal error' },
  database_unavailable: {
    th: 'ฐานข้อมูลไม่พร้อมใช้งานชั่วคราว กรุณาลองใหม่ในอีกสักครู่',
    en: 'The database is briefly unavailable; try again in a moment',
  },
};

type IssueLike = { code?: string | undefined; params?: Record<string, unknown> | undefined };

/** Origins of too_big/too_small grouped by how the limit is said: characters, a value, items, a date. */
const sizeOrigin: Record<string, string> = {
  string: 'string',
  number: 'number',
  int: 'number',
  bigint: 'number',
  array: 'array',
  set: 'array',
  date: 'date',
  file: 'file',
};
const typeGroup: Record<string, string> = {
  string: 'string',
  number: 'number',
  nan: 'number',
  int: 'int',
  bigint: 'int',
  boolean: 'boolean',
  array: 'array',
  tuple: 'array',
  set: 'array',
  object: 'object',
  record: 'object',
  map: 'object',
  date: 'date',
};

/**
 * Which text of `issueMessages` says this issue best: the precise variant when its params tell it
 * (an empty required text is "required", a minimum of 0 is "not negative"), else the bare code.
 */
export const issueKey = ({ code, params = {} }: IssueLike): string | undefined => {
  if (code === undefined) return undefined;
  const variant = (() => {
    switch (code) {
      case 'too_big':
      case 'too_small': {
        const origin = sizeOrigin[String(params.origin)];
        if (!origin) return undefined;
        const limit = code === 'too_big' ? params.maximum : params.minimum;
        if (params.exact === true && (origin === 'string' || origin === 'array'))
          return `${code}.${origin}.exact`;
        if (params.inclusive === false) return `${code}.${origin}.exclusive`;
        if (code === 'too_small' && origin === 'string' && limit === 1) return 'required';
        if (code === 'too_small' && origin === 'number' && limit === 0) return `${code}.number.not_negative`;
        return `${code}.${origin}`;
      }
      case 'invalid_type':
        if (params.received === 'undefined') return 'required';
        return typeGroup[String(params.expected)] && `${code}.${typeGroup[String(params.expected)]}`;
      case 'invalid_format':
        return `${code}.${String(params.format)}`;
      case 'invalid_value':
        return Array.isArray(params.values) && params.values.length === 1 ? `${code}.one` : undefined;
      default:
        return undefined;
    }
  })();
  return variant !== undefined && Object.hasOwn(issueMessages, variant) ? variant : code;
};

/** Large numbers with thousands separators (1,000,000,000,000); years and small counts as they are. */
const shown = (value: unknown): string | undefined => {
  if (typeof value === 'number') {
    return Math.abs(value) >= 10_000
      ? value.toLocaleString('en-US', { maximumFractionDigits: 20 })
      : String(value);
  }
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.map((v) => shown(v)).join(', ');
  }
  return undefined;
};

/**
 * An issue in the user's language, its `{name}` placeholders filled from `params` — or, when params
 * lack one, its text without them (`issueMessagesWithoutParams`); undefined when the code is none the
 * contract knows (the caller then says a generic "not valid").
 */
export const issueText = (issue: IssueLike, language: Language): string | undefined => {
  const key = issueKey(issue);
  if (key === undefined || !Object.hasOwn(issueMessages, key)) return undefined;
  let missing = false;
  const text = issueMessages[key]?.[language].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = shown(issue.params?.[name]);
    if (value === undefined) missing = true;
    return value ?? whole;
  });
  return missing && Object.hasOwn(issueMessagesWithoutParams, key)
    ? issueMessagesWithoutParams[key]?.[language]
    : text;
};
