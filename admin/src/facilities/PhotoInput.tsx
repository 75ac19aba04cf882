import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { TextInput, maxLength, required } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { TEXT_LIMITS } from '@courtside/domain';
import { httpClient } from '../dataProvider.ts';
import { failure } from '../common/format.ts';
import { FacilityImage } from './FacilityImage.tsx';

/** Sends the chosen file to the API, which checks, resizes and stores it; answers its address. */
async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { json } = await httpClient('/api/admin/uploads/facility-photo', { method: 'POST', body });
  return (json as { url: string }).url;
}

/**
 * The facility's photo: uploaded from this computer (the server keeps it) or given as an address.
 * An upload fills the address field, so saving the form saves it like a typed one.
 */
export const PhotoInput = ({ imageRequired }: { imageRequired: boolean }) => {
  const { setValue } = useFormContext();
  const url = useWatch({ name: 'imageUrl' }) as string | undefined;
  const sport = useWatch({ name: 'sport' }) as string | undefined;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const picker = useRef<HTMLInputElement>(null);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    try {
      setValue('imageUrl', await uploadPhoto(file), { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      setProblem(failure('The photo was not uploaded', error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ width: '100%', maxWidth: 560, mb: 1 }}>
      <Typography variant="body2" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Photo
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        {url ? (
          <FacilityImage url={url} sport={sport} alt="Photo preview" sx={{ width: 160, height: 100, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'grey.100' }} />
        ) : null}
        <Box>
          {/* A real button opening the file picker (a label styled as one is not a button to assistive technology). */}
          <Button variant="outlined" startIcon={busy ? <CircularProgress size={18} /> : <UploadIcon />} disabled={busy} onClick={() => picker.current?.click()}>
            {busy ? 'Uploading…' : 'Upload a photo'}
          </Button>
          <input ref={picker} type="file" hidden tabIndex={-1} aria-label="Photo file" accept="image/jpeg,image/png,image/webp" onChange={(event) => void chosen(event)} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            JPEG, PNG or WebP, straight from a phone is fine: resized to 1600 px, location data removed.
          </Typography>
        </Box>
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setProblem(undefined)}>
          {problem}
        </Alert>
      )}
      <TextInput
        source="imageUrl"
        label="Or the photo's address"
        validate={imageRequired ? [required(), maxLength(TEXT_LIMITS.imageUrl)] : [maxLength(TEXT_LIMITS.imageUrl)]}
        helperText={imageRequired ? 'An https: address, or a path on this site such as /images/facilities/padel.svg' : 'Leave empty to keep the current photo'}
        fullWidth
      />
    </Box>
  );
};
