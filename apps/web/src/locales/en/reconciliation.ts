import type { Resource } from '../resource';
import type { reconciliation as th } from '../th/reconciliation';

/** English strings of the reconciliation page (/reconciliation). */
export const reconciliation: Resource<typeof th> = {
  description:
    'Upload your own bet records as a CSV file (columns betId, betType, amount, startDate) for a day or a month; the answer names the bets missing on either side and those that differ',
  descriptionStaff:
    "Upload the chosen agent's bet records as a CSV file (columns betId, betType, amount, startDate) for a day or a month; the answer names the bets missing on either side and those that differ",
  agent: 'Agent',
  agentPlaceholder: 'Choose an agent',
  period: 'Period',
  day: 'Day',
  month: 'Month',
  date: 'Date',
  monthLabel: 'Month',
  file: 'CSV file',
  filePlaceholder: 'Choose a CSV file',
  clearFile: 'Clear the chosen file',
  fileHint:
    'The first line names the columns; amounts in baht (e.g. -10.50); start times ISO with their zone (e.g. 2026-11-01T12:00:00+07:00); at most {{rows}} bets and {{size}} MB',
  run: 'Check',
  uploading: 'Uploading {{percent}}%',
  checking: 'Comparing with the ledger…',
  download: 'Download the result (CSV)',
  failed: 'The check failed',
  resultTitle: 'Reconciliation {{from}} – {{to}}',
  resultTitleDay: 'Reconciliation of {{from}}',
  allMatched: 'Every bet matches',
  counts: {
    uploaded: 'Bets in the file',
    ledger: 'Bets in the ledger',
    matched: 'Matched',
    missingInLedger: 'Missing in the ledger',
    missingInUpload: 'Missing in the file',
    differ: 'Differ',
  },
  truncated: 'The first {{shown}} are shown; download the result for all of them',
  table: {
    caption: 'Bets that differ',
    kind: 'Result',
    betId: 'Bet ID',
    betType: 'Type',
    line: 'Line',
    uploadAmount: 'Amount in the file',
    ledgerAmount: 'Amount in the ledger',
    uploadStart: 'Start in the file',
    ledgerStart: 'Start in the ledger',
  },
  kinds: {
    missing_in_ledger: 'Missing in the ledger',
    missing_in_upload: 'Missing in the file',
    differs: 'Differs',
  },
};
