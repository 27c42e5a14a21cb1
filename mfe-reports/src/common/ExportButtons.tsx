/**
 * A report's files, «CSV» and «Excel (XLSX)»: the server writes them (the same figures, money as
 * so'm with the tiyin); the browser saves the answer. A failure says so in Uzbek.
 */
import { api } from '@qrmenu/shared/api';
import type { ReportFormat, ReportKind, ReportPeriod } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, HStack, notify, saveFile } from '@qrmenu/shared/ui';
import { useState } from 'react';

export function ExportButtons({
  target,
  period,
  label,
  fileName,
}: {
  target: { kind: ReportKind; restaurantId?: string | undefined } | { restaurants: readonly string[] };
  period: ReportPeriod;
  /** The section's name, for the buttons' accessible names. */
  label: string;
  fileName: string;
}) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      const blob = await api.reports.file(target, period, format);
      saveFile(blob, `${fileName}-${period.from}-${period.to}.${format}`);
    } catch (err) {
      console.error('[reports] file', err);
      notify.error(t.reports.exportError);
    } finally {
      setBusy(null);
    }
  };
  return (
    <HStack gap="2" flexWrap="wrap">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          minH="11"
          loading={busy === format}
          aria-label={t.reports.exportLabel(
            label,
            format === 'csv' ? t.reports.exportCsv : t.reports.exportXlsx,
          )}
          onClick={() => void download(format)}
        >
          {format === 'csv' ? t.reports.exportCsv : t.reports.exportXlsx}
        </Button>
      ))}
    </HStack>
  );
}
