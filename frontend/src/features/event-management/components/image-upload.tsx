import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useToast } from '@/components/ui/toast';
import { IMAGE_TYPES, readAsDataUrl, UPLOAD_DELAY_MS, validateImageFile } from '@/lib/image-file';

type Props = {
  /** Receives the uploaded image as a data URL ('' when removed). */
  onUploaded: (dataUrl: string) => void;
  /** True while a chosen file has not been uploaded yet (blocks the form's submit). */
  onPendingChange: (pending: boolean) => void;
  /** Read the file; replaceable in tests. */
  readFile?: (file: File) => Promise<string>;
};

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Choose an image, preview it, then 'Upload Image' (simulated for 1 s on the client: no server
 * call). The result goes into the form's imageUrl as a data URL.
 */
export function ImageUpload({ onUploaded, onPendingChange, readFile = readAsDataUrl }: Props) {
  const { toast } = useToast();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function reset() {
    window.clearTimeout(timer.current);
    setFile(null);
    setPreview(null);
    setError(null);
    setUploading(false);
    setUploaded(false);
    if (inputRef.current) inputRef.current.value = '';
  }

  async function handleChange(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    if (!chosen) return;
    const problem = validateImageFile(chosen);
    if (problem) {
      reset();
      setError(problem);
      onPendingChange(false);
      return;
    }
    setError(null);
    setUploaded(false);
    setFile(chosen);
    onPendingChange(true);
    try {
      setPreview(await readFile(chosen));
    } catch {
      setPreview(null);
    }
  }

  function upload() {
    if (!file) return;
    setUploading(true);
    setError(null);
    timer.current = window.setTimeout(() => {
      readFile(file)
        .then((dataUrl) => {
          onUploaded(dataUrl);
          onPendingChange(false);
          setUploaded(true);
          setUploading(false);
          toast({ title: 'Image Uploaded Successfully', description: file.name, duration: 3000 });
        })
        .catch((err: unknown) => {
          console.error('Image processing failed', err);
          setUploading(false);
          setError('Image upload failed!');
          toast({
            title: 'Image Processing Failed',
            description: 'There was an error processing your image. Please try again.',
            variant: 'destructive',
          });
        });
    }, UPLOAD_DELAY_MS);
  }

  function remove() {
    const wasUploaded = uploaded;
    reset();
    onPendingChange(false);
    if (wasUploaded) onUploaded('');
  }

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        onChange={(e) => void handleChange(e)}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        aria-label="Choose image file"
        data-testid="image-file-input"
      />
      {!file ? (
        <Box
          component="label"
          htmlFor={inputId}
          sx={{
            display: 'grid',
            placeItems: 'center',
            gap: 1,
            p: 3,
            border: 2,
            borderStyle: 'dashed',
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 2,
            cursor: 'pointer',
            textAlign: 'center',
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <ImageOutlined color="action" sx={{ fontSize: 40 }} />
          <Typography sx={{ fontWeight: 600 }}>Choose an image</Typography>
          <Typography variant="body2" color="text.secondary">
            JPEG, PNG, GIF or WebP, up to 5MB
          </Typography>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Box
            sx={{
              position: 'relative',
              aspectRatio: '16 / 9',
              borderRadius: 2,
              overflow: 'hidden',
              bgcolor: 'action.hover',
            }}
          >
            {preview ? (
              <Box
                component="img"
                src={preview}
                alt="Preview of the chosen image"
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            ) : null}
            {uploaded ? (
              <Chip label="Uploaded" color="success" size="small" sx={{ position: 'absolute', top: 8, left: 8 }} />
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
              {file.name} ({formatSize(file.size)})
            </Typography>
            <Button startIcon={<DeleteOutlined />} color="error" onClick={remove} disabled={uploading}>
              Remove
            </Button>
            {!uploaded ? (
              <Button variant="contained" startIcon={<CloudUploadOutlined />} onClick={upload} disabled={uploading}>
                {uploading ? 'Uploading Image...' : 'Upload Image'}
              </Button>
            ) : null}
          </Box>
          {uploading ? <LinearProgress aria-label="Uploading image" /> : null}
          {!uploaded && !uploading && !error ? (
            <Typography variant="body2" color="warning.main">
              Click &apos;Upload Image&apos; to attach this image to the event.
            </Typography>
          ) : null}
        </Box>
      )}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
