import AccountBalance from '@mui/icons-material/AccountBalance';
import AttachMoney from '@mui/icons-material/AttachMoney';
import Business from '@mui/icons-material/Business';
import CreditCard from '@mui/icons-material/CreditCard';
import Payments from '@mui/icons-material/Payments';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { PaymentMethod } from '@/types/api';

/** The icon named by a payment method (credit-card, dollar, cash, bank, building). */
export function PaymentMethodIcon({ paymentMethod: method, ...props }: { paymentMethod: Pick<PaymentMethod, 'icon' | 'name'> } & SvgIconProps) {
  switch (method.icon) {
    case 'credit-card':
      return <CreditCard {...props} />;
    case 'dollar':
      return <AttachMoney {...props} />;
    case 'cash':
      return <Payments {...props} />;
    case 'bank':
      return <AccountBalance {...props} />;
    case 'building':
      return <Business {...props} />;
    default:
      return method.name.toLowerCase() === 'zelle' ? <AccountBalance {...props} /> : <CreditCard {...props} />;
  }
}
