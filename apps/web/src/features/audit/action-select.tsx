import { auditActionLabel, auditFamilyLabel, isActionFamily, messages } from '@mutual/shared';
import { FieldError, controlProps } from '../../components/form-field';
import { useAuditActions } from './audit-api';

/**
 * The action filter: every action present in the log, grouped by family, each family with an
 * "All …" choice (`hold.` means every hold action).
 */
export function ActionSelect({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value?: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const actions = useAuditActions();
  const present = actions.data?.actions ?? [];
  const families = actions.data?.families ?? [];
  const known = new Set([...present.map((a) => a.action), ...families.map((f) => f.prefix)]);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        Action
      </label>
      <select {...controlProps(id, { error })} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{actions.isPending ? 'All actions (loading…)' : 'All actions'}</option>
        {/* A filter from the address that is not in the log (yet) still shows as chosen. */}
        {value && !known.has(value) && (
          <option value={value}>
            {isActionFamily(value)
              ? `All ${auditFamilyLabel(value.slice(0, -1)).toLowerCase()}`
              : auditActionLabel(value)}
          </option>
        )}
        {families.map((family) => (
          <optgroup key={family.prefix} label={family.label}>
            <option value={family.prefix}>All {family.label.toLowerCase()}</option>
            {present
              .filter((action) => `${action.family}.` === family.prefix)
              .map((action) => (
                <option key={action.action} value={action.action}>
                  {action.label}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <FieldError id={id} error={error} />
      {actions.isError && <p className="mt-1.5 text-xs text-red-700">{messages.audit.actionsLoadFailed}</p>}
    </div>
  );
}
