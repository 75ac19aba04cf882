import { Create, SimpleForm } from 'react-admin';
import { ClosureConflictConfirm } from './ClosureConflictConfirm.tsx';
import { ClosureInputs } from './ClosureInputs.tsx';
import { endAfterStart } from './closure-text.ts';
import { toClosureBody, useClosureSave } from './useClosureSave.ts';

/** Close facilities for a time range; the day view's "Close a facility" opens this with the day filled in. */
export const ClosureCreate = () => {
  const save = useClosureSave();
  return (
    <>
      <Create title="Close facilities" transform={toClosureBody} mutationOptions={save.mutationOptions}>
        <SimpleForm defaultValues={{ kind: 'maintenance' }} validate={endAfterStart} sx={{ maxWidth: 760 }}>
          <ClosureInputs />
        </SimpleForm>
      </Create>
      <ClosureConflictConfirm save={save} />
    </>
  );
};
