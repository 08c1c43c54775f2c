// One icon per screen of 000 §2 and per menu group, so the drawer of every role reads at a glance.
import type { SvgIconComponent } from '@mui/icons-material';
import AccountTree from '@mui/icons-material/AccountTree';
import AppRegistration from '@mui/icons-material/AppRegistration';
import AutoMode from '@mui/icons-material/AutoMode';
import Business from '@mui/icons-material/Business';
import Campaign from '@mui/icons-material/Campaign';
import Chat from '@mui/icons-material/Chat';
import Contacts from '@mui/icons-material/Contacts';
import Dashboard from '@mui/icons-material/Dashboard';
import DynamicForm from '@mui/icons-material/DynamicForm';
import Facebook from '@mui/icons-material/Facebook';
import Flag from '@mui/icons-material/Flag';
import Forum from '@mui/icons-material/Forum';
import Handshake from '@mui/icons-material/Handshake';
import History from '@mui/icons-material/History';
import Home from '@mui/icons-material/Home';
import Insights from '@mui/icons-material/Insights';
import ListAlt from '@mui/icons-material/ListAlt';
import MenuBook from '@mui/icons-material/MenuBook';
import Paid from '@mui/icons-material/Paid';
import People from '@mui/icons-material/People';
import Phone from '@mui/icons-material/Phone';
import PostAdd from '@mui/icons-material/PostAdd';
import QrCode2 from '@mui/icons-material/QrCode2';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import Settings from '@mui/icons-material/Settings';
import Storefront from '@mui/icons-material/Storefront';
import Textsms from '@mui/icons-material/Textsms';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Tune from '@mui/icons-material/Tune';
import ViewKanban from '@mui/icons-material/ViewKanban';
import WhatsApp from '@mui/icons-material/WhatsApp';

import type { AppRoute } from '@funil/domain/access/routes';

export const ROUTE_ICONS: Record<AppRoute, SvgIconComponent> = {
  '/inicial': Home,
  '/dashboard': Dashboard,
  '/webphone': Phone,
  '/whatsapp': WhatsApp,
  '/whatsappv2': Chat,
  '/whatsapp-v3': Forum,
  '/instancias': QrCode2,
  '/auditoria': History,
  '/integracao-meta': Facebook,
  '/crm': Contacts,
  '/pipeline': ViewKanban,
  '/insights': Insights,
  '/automacao': AutoMode,
  '/anuncios': Campaign,
  '/leads-meta': DynamicForm,
  '/campanhas': Paid,
  '/unidades': Storefront,
  '/usuarios': People,
  '/configuracoes': Settings,
  '/configuracoes-whatsapp': Textsms,
  '/parceiros': Handshake,
  '/potencial': TrendingUp,
  '/configuracoes-globais': Tune,
  '/status-negociacao': AccountTree,
  '/status-negociacao-venda': Flag,
  '/envio-em-massa-cadastro': PostAdd,
  '/envio-em-massa': ListAlt,
  '/orientacoes': MenuBook,
};

/** Icons of the collapsible groups of 000 §2, by MenuGroup key. */
export const GROUP_ICONS: Record<string, SvgIconComponent> = {
  'envio-em-massa': ScheduleSend,
  cadastros: AppRegistration,
};

export const FALLBACK_GROUP_ICON: SvgIconComponent = Business;
