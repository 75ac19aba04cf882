import { Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { useParams } from 'react-router';
import { ClosureConflictConfirm } from './ClosureConflictConfirm.tsx';
import { ClosureInputs } from './ClosureInputs.tsx';
import { ReopenButton } from './ReopenButton.tsx';
import { endAfterStart, kindLabel } from './closure-text.ts';
import { toClosureBody, useClosureSave } from './useClosureSave.ts';
import type { ClosureRecord } from './types.ts';

const Title = () => {
  const record = useRecordContext<ClosureRecord>();
  return <>{record ? `${kindLabel(record.kind)}: ${record.reason}` : 'Closure'}</>;
};

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <ReopenButton redirectTo="list" variant="outlined" />
  </Toolbar>
);

/** Moving a closure frees its old time and closes the new; over live bookings it asks first, as creating does. */
export const ClosureEdit = () => {
  const { id } = useParams<{ id: string }>();
  const save = useClosureSave(id);
  return (
    <>
      <Edit title={<Title />} mutationMode="pessimistic" transform={toClosureBody} mutationOptions={save.mutationOptions}>
        <SimpleForm toolbar={<EditToolbar />} validate={endAfterStart} sx={{ maxWidth: 760 }}>
          <ClosureInputs />
        </SimpleForm>
      </Edit>
      <ClosureConflictConfirm save={save} />
    </>
  );
};
