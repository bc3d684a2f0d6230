/** Server status codes of DESIGN §4 and the client-only codes of spec §8. */
export const Status = {
  OK: 1000,
  VALIDATION: 2001,
  NOT_FOUND: 2004,
  CONFLICT: 2009,
  UNAUTHENTICATED: 3001,
  BAD_CREDENTIALS: 3002,
  LOCKED: 3003,
  FORBIDDEN: 3004,
  TOO_MANY: 3029,
  /** A sensitive change without a successful `verify` in this session within the last 5 minutes. */
  REAUTH_REQUIRED: 3005,
  /** Sign-in step 1 passed; send `data.challenge` with an authenticator or recovery code. */
  SECOND_FACTOR_REQUIRED: 3006,
  /** The account must set a new password (it signed in with a temporary one) before anything else. */
  PASSWORD_CHANGE_REQUIRED: 3007,
  /** The client's address is not on the account's or agent's allow-list. */
  ADDRESS_NOT_ALLOWED: 3008,
  /** Two-factor sign-in is required for this account's type and it has not enrolled yet. */
  SECOND_FACTOR_ENROLMENT_REQUIRED: 3009,
  INTERNAL: 9000,
  /** Client side: the request got no response at all. */
  NO_RESPONSE: 4000,
  /** Client side: a response arrived without a readable body. */
  NO_BODY: 5000,
} as const;
export type StatusCode = (typeof Status)[keyof typeof Status];

/** HTTP status that goes with each server status code. */
export const httpStatusOf: Record<number, number> = {
  [Status.OK]: 200,
  [Status.VALIDATION]: 400,
  [Status.NOT_FOUND]: 404,
  [Status.CONFLICT]: 409,
  [Status.UNAUTHENTICATED]: 401,
  [Status.BAD_CREDENTIALS]: 401,
  [Status.LOCKED]: 403,
  [Status.FORBIDDEN]: 403,
  [Status.TOO_MANY]: 429,
  [Status.REAUTH_REQUIRED]: 403,
  [Status.SECOND_FACTOR_REQUIRED]: 401,
  [Status.PASSWORD_CHANGE_REQUIRED]: 403,
  [Status.ADDRESS_NOT_ALLOWED]: 403,
  [Status.SECOND_FACTOR_ENROLMENT_REQUIRED]: 403,
  [Status.INTERNAL]: 500,
};

/**
 * What each server status means, in Thai and English (DESIGN §4): the web shows these instead of the
 * server's English `error` text, and API clients find them in the reference.
 */
export const statusMessages: Record<number, { th: string; en: string }> = {
  [Status.OK]: { th: 'สำเร็จ', en: 'Success' },
  [Status.VALIDATION]: { th: 'ข้อมูลไม่ถูกต้อง', en: 'The input is not valid' },
  [Status.NOT_FOUND]: { th: 'ไม่พบข้อมูล', en: 'Record not found' },
  [Status.CONFLICT]: {
    th: 'ข้อมูลซ้ำหรือขัดแย้งกับข้อมูลที่มีอยู่',
    en: 'Duplicate or conflicting with stored data',
  },
  [Status.UNAUTHENTICATED]: {
    th: 'ยังไม่ได้เข้าสู่ระบบ หรือเซสชันหมดอายุ',
    en: 'Not signed in, or the session has expired',
  },
  [Status.BAD_CREDENTIALS]: { th: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง', en: 'Invalid username or password' },
  [Status.LOCKED]: { th: 'บัญชีถูกระงับ', en: 'The account is locked' },
  [Status.FORBIDDEN]: { th: 'สิทธิ์ของคุณทำรายการนี้ไม่ได้', en: 'Your role may not do this' },
  [Status.TOO_MANY]: {
    th: 'พยายามหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่',
    en: 'Too many attempts; wait and try again',
  },
  [Status.REAUTH_REQUIRED]: {
    th: 'กรุณายืนยันรหัสผ่านอีกครั้งก่อนทำรายการนี้',
    en: 'Confirm your password again before this change',
  },
  [Status.INTERNAL]: { th: 'เกิดข้อผิดพลาดภายในระบบ', en: 'Internal error' },
  [Status.SECOND_FACTOR_REQUIRED]: {
    th: 'กรุณากรอกรหัสจากแอปยืนยันตัวตน หรือรหัสกู้คืน',
    en: 'Enter the code from your authenticator app, or a recovery code',
  },
  [Status.PASSWORD_CHANGE_REQUIRED]: {
    th: 'กรุณาตั้งรหัสผ่านใหม่ก่อนใช้งานต่อ',
    en: 'Set a new password before you continue',
  },
  [Status.ADDRESS_NOT_ALLOWED]: {
    th: 'ที่อยู่ IP นี้ไม่อยู่ในรายการที่อนุญาต',
    en: 'This IP address is not on the allow-list',
  },
  [Status.SECOND_FACTOR_ENROLMENT_REQUIRED]: {
    th: 'บัญชีประเภทนี้ต้องเปิดใช้การยืนยันตัวตนสองขั้นตอนก่อนใช้งานต่อ',
    en: 'Accounts of this type must set up two-factor sign-in before they continue',
  },
};

/**
 * The contract's own issue codes (`data.issues[].code`), in Thai and English, so the web can say what is
 * wrong in the user's language; `{name}` is filled from the issue's `params`. zod's codes (`too_big`,
 * `invalid_type`, …) keep their names.
 */
export const issueMessages: Record<string, { th: string; en: string }> = {
  record_id: { th: 'รหัสอ้างอิงไม่ถูกต้อง', en: 'Not a valid record id' },
  date_range: { th: 'วันที่ต้องอยู่ในช่วงปี ค.ศ. 1900–2200', en: 'The date must be in the years 1900–2200' },
  text_unstorable: {
    th: 'ข้อความมีอักขระที่ไม่อนุญาต (NUL หรืออักขระที่ไม่สมบูรณ์)',
    en: 'The text contains characters that are not allowed (NUL or unpaired surrogates)',
  },
  date_precision: {
    th: 'เวลาระบุละเอียดได้ไม่เกินหลักมิลลิวินาที (ทศนิยม 3 ตำแหน่งของวินาที)',
    en: 'The time may have at most 3 digits of a second (milliseconds)',
  },
  range_too_long: {
    th: 'ช่วงวันที่ยาวได้ไม่เกิน {maximum} วัน',
    en: 'The date range may span at most {maximum} days',
  },
  page_too_deep: {
    th: 'เปิดได้ถึงหน้า {maximum} เท่านั้น กรุณาเพิ่มเงื่อนไขค้นหา',
    en: 'Pages go up to {maximum} only; narrow the filters',
  },
  prefix_overlap: {
    th: 'คำนำหน้านี้ซ้อนกับคำนำหน้า "{prefix}" ของเอเจนต์อื่น (คำหนึ่งขึ้นต้นด้วยอีกคำ) ชื่อผู้เล่นจะชนกัน',
    en: 'This prefix overlaps agent prefix "{prefix}" (one starts the other): player names would collide',
  },
  cursor: { th: 'ตำแหน่งหน้าถัดไปไม่ถูกต้อง', en: 'Not a valid page cursor' },
  data_exception: {
    th: 'ข้อมูลมีค่าที่ฐานข้อมูลจัดเก็บไม่ได้',
    en: 'The input holds a value the database cannot store',
  },
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
  own_address_missing: {
    th: 'รายการต้องมีที่อยู่ IP ปัจจุบันของคุณ ({ip}) มิฉะนั้นคุณจะถูกปิดกั้นเอง',
    en: 'The list must include your current address ({ip}), or you would shut yourself out',
  },
};

/** An issue in the user's language when the contract knows its code, with its `params` filled in. */
export const issueText = (
  issue: { code?: string; params?: Record<string, unknown> },
  language: 'th' | 'en',
): string | undefined => {
  const text = issue.code === undefined ? undefined : issueMessages[issue.code]?.[language];
  return text?.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = issue.params?.[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
};
