import Avatar from '@mui/material/Avatar';
import { avatarText, avatarUrl } from '@/lib/avatar';

type Props = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Image size requested from the avatar service (80 default, 256 on the profile). */
  size?: number;
  /** Rendered size in px. */
  displaySize?: number;
};

/** Avatar generated from the e-mail; shows the initials when the image cannot load (offline). */
export function UserAvatar({ email, firstName, lastName, size = 80, displaySize = 36 }: Props) {
  const name = `${firstName ?? ''} ${lastName ?? ''}`.trim();
  return (
    <Avatar
      src={avatarUrl(email, size)}
      alt={name || email}
      slotProps={{ img: { referrerPolicy: 'no-referrer', loading: 'lazy', width: displaySize, height: displaySize } }}
      sx={{
        width: displaySize,
        height: displaySize,
        fontSize: displaySize * 0.4,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {avatarText(email, firstName, lastName)}
    </Avatar>
  );
}
