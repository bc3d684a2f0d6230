import { Button } from '@mantine/core';
import { allows, type BodyOf, type RouteDef } from '@sapi/contract';
import { IconFileDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../lib/download';
import { errorMessage } from '../lib/errors';
import { currentLanguage } from '../lib/i18n';
import { notifyError } from '../lib/notify';
import { selfQuery } from '../lib/session';

export interface ExportButtonProps<R extends RouteDef> {
  /** A `format: 'csv'` route of the contract. */
  route: R;
  /** The same filters as the list on screen. */
  body: BodyOf<R>;
  params?: Record<string, string>;
  filename: string;
  /** Rewrite the CSV text before saving (e.g. keep only the rows shown on screen). */
  transform?: (csv: string) => string;
}

/** "Export CSV": the server streams the file of the current filters (docs/design.md §4), headed in the screen's language. */
export function ExportButton<R extends RouteDef>({
  route,
  body,
  params,
  filename,
  transform,
}: ExportButtonProps<R>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // Not offered to an account the export refuses (the agent side, until exports read through its scope).
  // Read without suspending: the signed-in layout has it already; without it, no button.
  const { data: self } = useQuery(selfQuery);
  const permitted = self !== undefined && allows(route, self.role);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(route, {
        body,
        filename,
        language: currentLanguage(),
        ...(params ? { params } : {}),
        ...(transform ? { transform } : {}),
      });
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  if (!permitted) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFileDownload size={16} />}
      loading={busy}
      onClick={() => void run()}
    >
      {t('common.exportCsv')}
    </Button>
  );
}
