// Moved to components/ui so the pipeline's cards and the chat screens share it (issues 9, 11); kept here for the lead screens' imports.
export { avatarColor, initialsOf } from '../../../components/ui/lead-avatar.ts';
