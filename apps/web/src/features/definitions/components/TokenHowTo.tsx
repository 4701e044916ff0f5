import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

const OBTAIN = `curl -X POST ${'$'}ROADCOUNT/core/api/auth/token/obtain/ \\
  -H 'content-type: application/json' \\
  -d '{"username": "you", "password": "..."}'
# {"access": "eyJ...", "refresh": "eyJ..."}`;

const CALL = `curl ${'$'}ROADCOUNT/core/api/config/users/me/ \\
  -H "authorization: Bearer ${'$'}ACCESS"

curl -X POST ${'$'}ROADCOUNT/gql/v1/graphql/ \\
  -H "authorization: Bearer ${'$'}ACCESS" -H 'content-type: application/json' \\
  -d '{"query": "{ __typename }"}'`;

const REFRESH = `curl -X POST ${'$'}ROADCOUNT/core/api/auth/token/refresh/ \\
  -H 'content-type: application/json' -d '{"refresh": "eyJ..."}'`;

function Code({ children }: { children: string }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'grey.900',
        color: 'grey.100',
        borderRadius: 1,
        fontSize: 12.5,
        overflowX: 'auto',
      }}
    >
      {children}
    </Box>
  );
}

/** How a program signs in to the APIs: obtain a token pair, send the access token, refresh it. */
export function TokenHowTo({ defaultExpanded }: { defaultExpanded: boolean }) {
  const { t } = useTranslation();
  return (
    <Accordion variant="outlined" defaultExpanded={defaultExpanded} disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="h6" component="h2">
          {t('definitions.api.tokenTitle')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('definitions.api.tokenObtain')}
        </Typography>
        <Code>{OBTAIN}</Code>
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('definitions.api.tokenUse')}
        </Typography>
        <Code>{CALL}</Code>
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('definitions.api.tokenRefresh')}
        </Typography>
        <Code>{REFRESH}</Code>
      </AccordionDetails>
    </Accordion>
  );
}
