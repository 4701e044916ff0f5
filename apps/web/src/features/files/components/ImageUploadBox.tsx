import ImageIcon from '@mui/icons-material/Image';
import {
  Alert,
  Box,
  Button,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  LinearProgress,
  Paper,
  Typography,
} from '@mui/material';
import { imageNameProblem, IMAGE_EXTENSIONS } from '@roadcount/domain';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useImages, useImageUrl, useUploadImages, type StoredImage } from '../api/imagesApi.ts';

const ACCEPT = IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function Thumbnail({ image }: { image: StoredImage }) {
  const url = useImageUrl(image.id);
  return (
    <ImageListItem sx={{ bgcolor: 'action.hover', minHeight: 96 }}>
      {url && (
        <img
          src={url}
          alt={image.file_name}
          loading="lazy"
          style={{ height: 96, objectFit: 'cover' }}
        />
      )}
      <ImageListItemBar
        title={image.file_name}
        sx={{ '& .MuiImageListItemBar-title': { fontSize: 12 } }}
      />
    </ImageListItem>
  );
}

/**
 * Image upload (SPEC section 5): jpeg, jpg and png only, under a name the organisation does not
 * have yet. The rules are checked here first, in the user's language, and again by the server.
 */
export function ImageUploadBox() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const images = useImages();
  const upload = useUploadImages(setProgress);

  const send = (files: File[]) => {
    if (files.length === 0) return;
    const taken = new Set((images.data ?? []).map((image) => image.file_name));
    const found: string[] = [];
    for (const file of files) {
      const problem = imageNameProblem(file.name, taken);
      if (problem) found.push(t(`filesMore.images.${problem}`, { name: file.name }));
      taken.add(file.name);
    }
    setProblems(found);
    if (found.length > 0) return;
    setProgress(0);
    upload.mutate(files);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send([...event.dataTransfer.files]);
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-label={t('filesMore.images.title')}
    >
      <Typography variant="h6" component="h2">
        {t('filesMore.images.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('filesMore.images.help')}
      </Typography>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <ImageIcon color="primary" />
        <Typography variant="body2">{t('uploads.drop')}</Typography>
        <Button
          variant="outlined"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
        >
          {t('filesMore.images.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          aria-label={t('filesMore.images.title')}
          onChange={(event) => {
            send([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </Box>
      {upload.isPending && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={t('filesMore.images.progress')}
          sx={{ mt: 1 }}
        />
      )}
      {problems.map((problem) => (
        <Alert key={problem} severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ))}
      {upload.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {upload.error.message}
        </Alert>
      )}
      {images.data && images.data.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('filesMore.images.none')}
        </Typography>
      )}
      {images.data && images.data.length > 0 && (
        <ImageList
          cols={6}
          rowHeight={96}
          gap={8}
          sx={{
            mt: 2,
            mb: 0,
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr)) !important',
          }}
          aria-label={t('filesMore.images.list')}
        >
          {images.data.map((image) => (
            <Thumbnail key={image.id} image={image} />
          ))}
        </ImageList>
      )}
    </Paper>
  );
}
