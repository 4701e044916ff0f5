import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  InputAdornment,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { GLOSSARY, termAnchor, type GlossaryTerm } from '@/lib/glossary.ts';

function TermCard({ term, highlighted }: { term: GlossaryTerm; highlighted: boolean }) {
  const { t } = useTranslation();
  const base = `definitions.terms.${term.id}`;
  return (
    <Paper
      id={termAnchor(term.id)}
      component="article"
      variant="outlined"
      aria-labelledby={`${termAnchor(term.id)}-title`}
      sx={{
        p: 2,
        scrollMarginTop: 80,
        borderColor: highlighted ? 'primary.main' : undefined,
        borderWidth: highlighted ? 2 : 1,
      }}
    >
      <Typography
        id={`${termAnchor(term.id)}-title`}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600 }}
      >
        {t(`${base}.title`)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t(`${base}.text`)}
      </Typography>
      {term.formula && (
        <Box
          component="p"
          sx={{
            mt: 1,
            mb: 0,
            p: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontFamily: 'monospace',
            fontSize: 13,
            overflowWrap: 'anywhere',
          }}
        >
          <Box component="span" sx={{ fontWeight: 600, fontFamily: 'inherit' }}>
            {t('definitions.formula')}
          </Box>{' '}
          {t(`${base}.formula`)}
        </Box>
      )}
      {term.unit && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <strong>{t('definitions.unit')}</strong> {t(`${base}.unit`)}
        </Typography>
      )}
      {term.codes && (
        <Table size="small" sx={{ mt: 1 }}>
          <TableBody>
            {term.codes.map((code) => (
              <TableRow key={code}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', width: 96 }}>
                  {code}
                </TableCell>
                <TableCell>{t(`definitions.codes.${term.id}.${code}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** Every statistic and term, with its formula and unit; `#term-<id>` opens one. */
export function GlossaryView() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const [search, setSearch] = useState('');
  const anchored = hash.startsWith('#term-') ? hash.slice(1) : null;

  useEffect(() => {
    if (!anchored) return;
    document.getElementById(anchored)?.scrollIntoView({ block: 'start' });
  }, [anchored]);

  const needle = search.trim().toLocaleLowerCase();
  const matches = (term: GlossaryTerm) =>
    needle === '' ||
    [`title`, `text`].some((part) =>
      t(`definitions.terms.${term.id}.${part}`).toLocaleLowerCase().includes(needle),
    );
  const sections = GLOSSARY.map((section) => ({
    ...section,
    terms: section.terms.filter(matches),
  })).filter((section) => section.terms.length > 0);

  return (
    <Stack spacing={3}>
      <TextField
        type="search"
        size="small"
        label={t('definitions.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ maxWidth: 360 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {sections.length === 0 && (
        <Typography color="text.secondary">{t('definitions.noMatch')}</Typography>
      )}
      {sections.map((section) => (
        <Box component="section" key={section.id} aria-labelledby={`glossary-${section.id}`}>
          <Typography id={`glossary-${section.id}`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {t(`definitions.sections.${section.id}`)}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
              alignItems: 'start',
            }}
          >
            {section.terms.map((term) => (
              <TermCard key={term.id} term={term} highlighted={anchored === termAnchor(term.id)} />
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
