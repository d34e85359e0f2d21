import { Alert, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { api } from '../lib/api-client.ts';
import type { ApiFailure } from '../lib/api-failure.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { useTranslation } from 'react-i18next';

type Verdict = { row: number; ok: boolean; errors: Record<string, string>; label: string };
type Answer = { dry_run: boolean; total: number; valid: number; invalid: number; created: number; rows: Verdict[] };

export interface ImportDialogProps {
  endpoint: string;
  template: string;
  onImported: () => void;
  open: boolean;
  onClose: () => void;
}

/**
 * The import dialog of ImportButton (import-button.tsx), loaded when first opened: the file is first
 * sent with `?dry_run=true`, every row's verdict shown (row, what is wrong); "Import" then sends it
 * for real, only when every row is right.
 */
export function ImportDialog({ endpoint, template, onImported, open, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = (dryRun: boolean, f: File) => {
    const body = new FormData();
    body.append('file', f);
    return api.post<Answer>(`${endpoint}`, body, { params: { dry_run: dryRun } });
  };
  // A refusal the API client has not shown already is the dialog's problem line.
  const onFailure = (failure: ApiFailure) => {
    if (!failure.notified) setProblem(failure.message);
    return true;
  };
  const check = useSubmit((f: File) => send(true, f), { onSuccess: setPreview, onFailure });
  const importAll = useSubmit((f: File) => send(false, f), {
    success: (done) => t('import.done', { count: done.created }),
    onSuccess: () => {
      onImported();
      close();
    },
    onFailure,
  });
  const busy = check.busy || importAll.busy;
  const choose = (f: File) => {
    setFile(f);
    setPreview(null);
    setProblem(null);
    check.submit(f);
  };
  const commit = () => {
    if (file) importAll.submit(file);
  };
  const close = () => {
    onClose();
    setFile(null);
    setPreview(null);
    setProblem(null);
  };
  const reason = (message: string) => t(`import.errors.${message}`, { defaultValue: /^Invalid/.test(message) ? t('import.errors.invalid') : message });

  return (
    <Modal
      open={open}
      title={t('import.title')}
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('import.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!preview || preview.invalid > 0 || preview.valid === 0} onClick={commit}>
            {t('import.commit', { count: preview?.valid ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('import.hint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Upload
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            choose(f);
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden="true" />} loading={busy && !preview}>{file ? file.name : t('import.choose')}</Button>
        </Upload>
        <Button type="link" icon={<DownloadOutlined aria-hidden="true" />} href={`/api${template}?format=xlsx`}>{t('import.template_xlsx')}</Button>
        <Button type="link" icon={<DownloadOutlined aria-hidden="true" />} href={`/api${template}?format=csv`}>{t('import.template_csv')}</Button>
      </Space>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
      {preview && (
        <>
          <Alert
            type={preview.invalid ? 'warning' : 'success'}
            showIcon
            style={{ marginBottom: 12 }}
            title={preview.invalid ? t('import.some_wrong', { invalid: preview.invalid, total: preview.total }) : t('import.all_right', { count: preview.total })}
          />
          <Table
            size="small"
            rowKey="row"
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            dataSource={preview.rows}
            columns={[
              { key: 'row', title: t('import.row'), dataIndex: 'row', width: 70 },
              { key: 'label', title: t('import.what'), dataIndex: 'label' },
              {
                key: 'verdict',
                title: t('import.verdict'),
                render: (_v, r: Verdict) =>
                  r.ok ? (
                    <Tag color="success">{t('import.ok')}</Tag>
                  ) : (
                    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                      {Object.entries(r.errors).map(([field, message]) => (
                        <li key={field}>
                          <Typography.Text type="danger">{field}</Typography.Text>: {reason(message)}
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
