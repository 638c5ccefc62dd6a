import { useEffect, useRef, useState } from 'react';

/** One side of the comparison: a version, or the draft. */
export function VersionSelect(props: {
  id: string;
  label: string;
  value: string | null;
  options: string[];
  optionLabel: (value: string) => string;
  onChange: (value: string) => void;
}) {
  // The choice shows at once: the URL (the prop) follows a navigation later, and a controlled select would
  // jump back to the old value until then, under a keyboard user's next arrow key. While a choice is on its
  // way, the URLs of earlier key presses landing late are not shown either.
  const [shown, setShown] = useState(props.value ?? '');
  const awaited = useRef<string | null>(null);
  useEffect(() => {
    const value = props.value ?? '';
    if (awaited.current !== null && value !== awaited.current) return;
    awaited.current = null;
    setShown(value);
  }, [props.value]);
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={shown}
        onChange={(event) => {
          awaited.current = event.target.value;
          setShown(event.target.value);
          props.onChange(event.target.value);
        }}
      >
        <option value="">Choose…</option>
        {props.options.map((value) => (
          <option key={value} value={value}>
            {props.optionLabel(value)}
          </option>
        ))}
      </select>
    </div>
  );
}
