import './control-centre.css';
import { useId } from 'react';
import { Checkbox, Typography } from 'antd';
import { PERMISSION_ACTIONS } from '#shared/resources/permissions.ts';
import { useCcTranslation } from './cc-texts.ts';
import { ALL_MODULES, type ModuleActions } from './permission-modules.ts';

export interface PermissionMatrixProps {
  id?: string;
  /** Granted permissions, `module.action` (antd Form passes it). */
  value?: readonly string[];
  onChange?: (value: string[]) => void;
  modules?: readonly ModuleActions[];
  disabled?: boolean;
  /**
   * What the caller may grant (the permissions they hold themselves); the others are shown but
   * cannot be changed. All when not given.
   */
  grantable?: readonly string[];
}

/** Modules × actions as a grid of checkboxes, with a whole-module switch per row. */
export function PermissionMatrix({ id, value = [], onChange, modules = ALL_MODULES, disabled = false, grantable }: PermissionMatrixProps) {
  const { t } = useCcTranslation();
  const noteId = useId();
  const granted = new Set(value);
  const mayGrant = (p: string) => !grantable || grantable.includes(p);
  const limited = !disabled && modules.some(({ module, actions }) => actions.some((a) => !mayGrant(`${module}.${a}`)));
  const set = (changes: string[], on: boolean) => {
    const next = new Set(granted);
    for (const p of changes.filter(mayGrant)) {
      if (on) next.add(p);
      else next.delete(p);
    }
    onChange?.([...next].sort());
  };
  return (
    <div className="fyn-cc-matrix-wrap">
      {limited && (
        <Typography.Paragraph id={noteId} className="fyn-secondary">
          {t('permissions.not_held')}
        </Typography.Paragraph>
      )}
      <table id={id} className="fyn-cc-matrix">
        <thead>
          <tr>
            <th scope="col">{t('permissions.module')}</th>
            {PERMISSION_ACTIONS.map((action) => (
              <th scope="col" key={action}>
                {t(`permissions.actions.${action}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {modules.map(({ module, actions }) => {
            const all = actions.map((a) => `${module}.${a}`);
            const count = all.filter((p) => granted.has(p)).length;
            const moduleName = t(`permissions.modules.${module}`);
            const moduleLocked = disabled || !all.some(mayGrant);
            return (
              <tr key={module}>
                <th scope="row">
                  <Checkbox
                    checked={count === all.length && all.length > 0}
                    indeterminate={count > 0 && count < all.length}
                    disabled={moduleLocked}
                    aria-describedby={limited && moduleLocked ? noteId : undefined}
                    onChange={() => set(all, !all.filter(mayGrant).every((p) => granted.has(p)))}
                    aria-label={t('permissions.whole_module', { module: moduleName })}
                  >
                    {moduleName}
                  </Checkbox>
                </th>
                {PERMISSION_ACTIONS.map((action) => {
                  const permission = `${module}.${action}`;
                  const locked = !mayGrant(permission);
                  return (
                    <td key={action}>
                      {actions.includes(action) && (
                        <Checkbox
                          checked={granted.has(permission)}
                          disabled={disabled || locked}
                          aria-describedby={limited && locked ? noteId : undefined}
                          onChange={(e) => set([permission], e.target.checked)}
                          aria-label={`${moduleName}: ${t(`permissions.actions.${action}`)}`}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
