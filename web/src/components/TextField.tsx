import { useId } from 'react';

/**
 * A labelled text box, spell-check off (addresses, hashes and lists of them are typed here): one
 * line, or a text area of `rows` lines.
 */
export function TextField({ label, value, onChange, placeholder, rows }: { label: string; value: string; onChange: (value: string) => void; placeholder: string; rows?: number }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {rows ? (
        <textarea id={id} className="textarea" rows={rows} spellCheck={false} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input id={id} className="input" spellCheck={false} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </>
  );
}
