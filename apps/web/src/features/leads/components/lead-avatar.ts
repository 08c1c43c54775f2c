// Moved to shared code so the chat screens use the same initials and colours (issue 9).
export { avatarColor, initialsOf } from '../../../components/ui/lead-avatar.ts';
