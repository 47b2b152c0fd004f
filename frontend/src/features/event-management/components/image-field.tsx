import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ImageUpload } from './image-upload';

type Props = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  onPendingChange: (pending: boolean) => void;
  readFile?: (file: File) => Promise<string>;
};

/** The event image: a URL, or an uploaded file (tabs 'Enter URL' and 'Upload Image'). */
export function ImageField({ value, onChange, error, onPendingChange, readFile }: Props) {
  const base = useId();
  const isData = value.startsWith('data:');
  const [tab, setTab] = useState<'url' | 'upload'>('url');
  return (
    <Box>
      <Typography id={`${base}-label`} variant="subtitle2" sx={{ mb: 0.5 }}>
        Event image (optional)
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, v: 'url' | 'upload') => {
          setTab(v);
          if (v === 'url') onPendingChange(false);
        }}
        aria-labelledby={`${base}-label`}
        sx={{ mb: 1.5, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        <Tab value="url" label="Enter URL" id={`${base}-tab-url`} aria-controls={`${base}-panel-url`} />
        <Tab value="upload" label="Upload Image" id={`${base}-tab-upload`} aria-controls={`${base}-panel-upload`} />
      </Tabs>
      <Box role="tabpanel" id={`${base}-panel-url`} aria-labelledby={`${base}-tab-url`} hidden={tab !== 'url'}>
        {tab === 'url' ? (
          <TextField
            id="imageUrl"
            name="imageUrl"
            label="Image URL"
            value={isData ? '' : value}
            placeholder={isData ? 'An uploaded image is attached' : 'https://example.org/photo.jpg'}
            onChange={(e) => onChange(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? (isData ? 'An uploaded image is attached. Enter a URL to replace it.' : undefined)}
            type="url"
            fullWidth
          />
        ) : null}
      </Box>
      <Box role="tabpanel" id={`${base}-panel-upload`} aria-labelledby={`${base}-tab-upload`} hidden={tab !== 'upload'}>
        {tab === 'upload' ? (
          <>
            <ImageUpload onUploaded={onChange} onPendingChange={onPendingChange} readFile={readFile} />
            {error ? (
              <Typography variant="caption" color="error" sx={{ mt: 0.5, display: 'block' }}>
                {error}
              </Typography>
            ) : null}
          </>
        ) : null}
      </Box>
    </Box>
  );
}
