import './control-centre.css';
import { Checkbox } from 'antd';
import { PERMISSION_ACTIONS, PERMISSION_MODULES, type PermissionAction, type PermissionModule } from '#shared/resources/permissions.ts';
import { useCcTranslation } from './cc-texts.ts';

export interface ModuleActions {
  module: PermissionModule;
  actions: readonly PermissionAction[];
}

/** Every module with every action (what GET /api/permission-modules answers). */
export const ALL_MODULES: readonly ModuleActions[] = PERMISSION_MODULES.map((module) => ({ module, actions: PERMISSION_ACTIONS }));

export interface PermissionMatrixProps {
  id?: string;
  /** Granted permissions, `module.action` (antd Form passes it). */
  value?: readonly string[];
  onChange?: (value: string[]) => void;
  modules?: readonly ModuleActions[];
  disabled?: boolean;
}

/** Modules × actions as a grid of checkboxes, with a whole-module switch per row. */
export function PermissionMatrix({ id, value = [], onChange, modules = ALL_MODULES, disabled = false }: PermissionMatrixProps) {
  const { t } = useCcTranslation();
  const granted = new Set(value);
  const set = (changes: string[], on: boolean) => {
    const next = new Set(granted);
    for (const p of changes) {
      if (on) next.add(p);
      else next.delete(p);
    }
    onChange?.([...next].sort());
  };
  return (
    <div className="fyn-cc-matrix-wrap">
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
            return (
              <tr key={module}>
                <th scope="row">
                  <Checkbox
                    checked={count === all.length && all.length > 0}
                    indeterminate={count > 0 && count < all.length}
                    disabled={disabled}
                    onChange={(e) => set(all, e.target.checked)}
                    aria-label={t('permissions.whole_module', { module: moduleName })}
                  >
                    {moduleName}
                  </Checkbox>
                </th>
                {PERMISSION_ACTIONS.map((action) => {
                  const permission = `${module}.${action}`;
                  return (
                    <td key={action}>
                      {actions.includes(action) && (
                        <Checkbox
                          checked={granted.has(permission)}
                          disabled={disabled}
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
