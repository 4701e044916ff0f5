import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Button, Checkbox, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { SITE_TABLE_COLUMNS, type SiteTableColumn } from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnLabel } from './siteColumns.tsx';

interface Props {
  columns: SiteTableColumn[];
  saving: boolean;
  onChange: (columns: SiteTableColumn[]) => void;
}

/** The organisation's sites table columns (organisation admins); the name always shows. */
export function ColumnChooser({ columns, saving, onChange }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (column: SiteTableColumn) => {
    const next = columns.includes(column)
      ? columns.filter((item) => item !== column)
      : [...columns, column];
    onChange(SITE_TABLE_COLUMNS.filter((item) => next.includes(item)));
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('siteEdit.table.columns')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SITE_TABLE_COLUMNS.map((column) => (
          <MenuItem
            key={column}
            role="menuitemcheckbox"
            aria-checked={columns.includes(column)}
            disabled={column === 'name' || saving}
            onClick={() => toggle(column)}
          >
            <ListItemIcon>
              <Checkbox
                edge="start"
                size="small"
                checked={columns.includes(column)}
                tabIndex={-1}
                disableRipple
              />
            </ListItemIcon>
            <ListItemText>{columnLabel(t, column)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
