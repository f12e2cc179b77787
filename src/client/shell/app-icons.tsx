import AccountCircle from '@mui/icons-material/AccountCircle';
import Apps from '@mui/icons-material/Apps';
import Assessment from '@mui/icons-material/Assessment';
import Business from '@mui/icons-material/Business';
import Calculate from '@mui/icons-material/Calculate';
import Chat from '@mui/icons-material/Chat';
import Description from '@mui/icons-material/Description';
import Folder from '@mui/icons-material/Folder';
import Gavel from '@mui/icons-material/Gavel';
import Group from '@mui/icons-material/Group';
import HealthAndSafety from '@mui/icons-material/HealthAndSafety';
import Keyboard from '@mui/icons-material/Keyboard';
import Label from '@mui/icons-material/Label';
import LocalHospital from '@mui/icons-material/LocalHospital';
import Lock from '@mui/icons-material/Lock';
import MedicalServices from '@mui/icons-material/MedicalServices';
import MenuBook from '@mui/icons-material/MenuBook';
import Payments from '@mui/icons-material/Payments';
import Public from '@mui/icons-material/Public';
import Receipt from '@mui/icons-material/Receipt';
import Search from '@mui/icons-material/Search';
import Security from '@mui/icons-material/Security';
import Settings from '@mui/icons-material/Settings';
import StickyNote2 from '@mui/icons-material/StickyNote2';
import SupportAgent from '@mui/icons-material/SupportAgent';
import type { SvgIconComponent } from '@mui/icons-material';

const ICONS: Record<string, SvgIconComponent> = {
  'Patient Management': LocalHospital,
  'User Management': Group,
  'File Manager': Folder,
  'Sticky Notes': StickyNote2,
  'Medical Store': Calculate,
  Calculator: Calculate,
  Messenger: Chat,
  'Web Browser': Public,
  Guidelines: MenuBook,
  Shortcuts: Keyboard,
  Profile: AccountCircle,
  Setting: Settings,
  'Technical Support': SupportAgent,
  'Billing Company Management': Business,
  'My Billing Company Management': Business,
  'Company Management': Business,
  'Facility Management': LocalHospital,
  'Diagnosis Management': MedicalServices,
  'Modifier Management': Label,
  'Procedure Management': MedicalServices,
  'Restriction by IP': Security,
  'Permission Management': Lock,
  'Role Management': Lock,
  'Claims Management': Description,
  'Claim Rules Management': Gavel,
  'Payments Management': Payments,
  'Denial Management': Receipt,
  'Ledger Management': Receipt,
  'Health Care Professional Management': HealthAndSafety,
  'Insurance Management': HealthAndSafety,
  Reports: Assessment,
  Search,
};

/** The app's icon (an SVG, so it looks the same without emoji fonts). */
export function AppIcon({ name, size = 22 }: { name: string; size?: number }) {
  const Icon = ICONS[name] ?? Apps;
  return <Icon aria-hidden sx={{ fontSize: size }} />;
}
