/** The business clock's helpers live in the contract, shared with the web and the e2e suite. */
export { dateInZone, dateTimeInZone, monthOf } from '@sapi/contract';
