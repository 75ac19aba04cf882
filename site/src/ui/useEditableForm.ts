import { useEffect, useRef, useState, type FormEvent } from 'react';
import { customerReason } from '@courtside/browser';
import { fieldErrorsOf } from '../lib/field-errors.ts';
import { showToast } from '../lib/toast.ts';

export type Draft<K extends string> = Record<K, string>;
export type DraftErrors<K extends string> = Partial<Record<K, string>>;

export interface EditableFormOptions<K extends string> {
  /** The fields in the order they show (the first one in error takes focus). */
  fields: readonly K[];
  /** The input id of each field. */
  idOf: (key: K) => string;
  /** The draft a fresh form starts from. */
  initial: () => Draft<K>;
  validate: (draft: Draft<K>) => DraftErrors<K>;
  /** Saves; throws (an ApiError) when the server refuses. */
  save: (draft: Draft<K>) => Promise<void>;
  /** What failed, when the server's words would not help. */
  failed: string;
}

/**
 * A card that opens into a form (Edit Profile, Change password): the draft, its errors (the
 * form's own and the server's, by field), saving, and focus: opening the form focuses its first
 * field, closing it returns focus to the button that opened it.
 */
export function useEditableForm<K extends string>(options: EditableFormOptions<K>) {
  const { fields, idOf, initial, validate, save, failed } = options;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft<K>>(initial);
  const [errors, setErrors] = useState<DraftErrors<K>>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const firstInput = useRef<HTMLInputElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (editing ? firstInput.current : editButton.current)?.focus();
  }, [editing]);

  const toggle = (on: boolean) => {
    moveFocus.current = true;
    setEditing(on);
    setDraft(initial());
  };

  function start() {
    setErrors({});
    setFailure('');
    toggle(true);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = validate(draft);
    setErrors(found);
    setFailure('');
    const first = fields.find((k) => found[k]);
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    setSaving(true);
    try {
      await save(draft);
      toggle(false);
    } catch (err) {
      const message = customerReason(err) ?? failed;
      setErrors(fieldErrorsOf(err, fields));
      setFailure(message);
      showToast(message, 'error');
    } finally {
      setSaving(false);
    }
  }

  const set = (key: K) => (e: { currentTarget: HTMLInputElement }) => setDraft({ ...draft, [key]: e.currentTarget.value });

  return { editing, draft, errors, failure, saving, editButton, firstInput, start, stop: () => toggle(false), set, submit };
}

export type EditableForm<K extends string> = ReturnType<typeof useEditableForm<K>>;
