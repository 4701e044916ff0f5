import { Box, Link } from '@mui/material';
import Markdown from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';

/** A guide's Markdown: the app's own links stay in the app, pictures fit the column. */
export function GuideMarkdown({ source }: { source: string }) {
  return (
    <Box
      sx={{
        typography: 'body1',
        '& img': {
          display: 'block',
          maxWidth: '100%',
          height: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          my: 2,
        },
        '& li': { mb: 0.75 },
        '& code': { fontSize: 14, bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
      }}
    >
      <Markdown
        components={{
          a: ({ href = '', children }) =>
            href.startsWith('/') ? (
              <Link component={RouterLink} to={href}>
                {children}
              </Link>
            ) : (
              <Link href={href} target="_blank" rel="noreferrer">
                {children}
              </Link>
            ),
          img: ({ src, alt }) => (
            <img src={typeof src === 'string' ? src : ''} alt={alt ?? ''} loading="lazy" />
          ),
        }}
      >
        {source}
      </Markdown>
    </Box>
  );
}
