/** Server status codes of docs/design.md §4 and the client-only codes of docs/spec.md §8. */
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
  /** The right temporary password, after its 72 hours: an administrator must reset it again. */
  TEMPORARY_PASSWORD_EXPIRED: 3010,
  INTERNAL: 9000,
  /**
   * The database could not be reached or dropped the connection (restart, failover); retry after
   * `Retry-After`. A write cut off while committing may have been stored: ingest's retry is
   * idempotent, a staff member checks before repeating.
   */
  DATABASE_UNAVAILABLE: 9003,
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
  [Status.TEMPORARY_PASSWORD_EXPIRED]: 403,
  [Status.INTERNAL]: 500,
  [Status.DATABASE_UNAVAILABLE]: 503,
};

/**
 * What each server status means, in Thai and English (docs/design.md §4): the web shows these instead of the
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
  [Status.DATABASE_UNAVAILABLE]: {
    th: 'ฐานข้อมูลไม่พร้อมใช้งานชั่วคราว กรุณาลองใหม่ในอีกสักครู่',
    en: 'The database is briefly unavailable; try again in a moment',
  },
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
  [Status.TEMPORARY_PASSWORD_EXPIRED]: {
    th: 'รหัสผ่านชั่วคราวนี้หมดอายุแล้ว กรุณาติดต่อผู้ดูแลระบบเพื่อรีเซ็ตรหัสผ่านอีกครั้ง',
    en: 'This temporary password has expired; ask an administrator to reset your password again',
  },
};
