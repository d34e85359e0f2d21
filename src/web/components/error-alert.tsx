import { CloseCircleFilled } from '@ant-design/icons';

/**
 * An error message box in antd's Alert look, for the login page: antd's Alert adds ~2 kB
 * gzipped to the first page for this one use.
 */
export function ErrorAlert({ children }: { children: string }) {
  return (
    <div className="fyn-error-alert" role="alert">
      <CloseCircleFilled className="fyn-error-alert-icon" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
