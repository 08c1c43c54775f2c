// Moved to components/ui so the pipeline's cards share it (issue 11); kept here for the lead screens' imports.
export { avatarColor, initialsOf } from '../../../components/ui/lead-avatar.ts';
