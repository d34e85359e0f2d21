import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog (Modal, Upload, Table of verdicts) is fetched on the first click, not with the page.
const ImportDialog = lazy(async () => ({ default: (await import('./import-dialog.tsx')).ImportDialog }));

/** Import from a CSV or Excel file with a preview (import-dialog.tsx). */
export function ImportButton({ endpoint, template, onImported }: { endpoint: string; template: string; onImported: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first click on, so that closing animates the dialog out.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden="true" />} onClick={() => { setOpened(true); setOpen(true); }}>{t('import.button')}</Button>
      {opened && (
        <Suspense fallback={null}>
          <ImportDialog endpoint={endpoint} template={template} onImported={onImported} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
