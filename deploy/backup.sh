#!/bin/sh
# Nightly backup of Funil (docs/deploy.md §8): the database (pg_dump, custom format) and the media
# folder, into BACKUP_DIR, keeping KEEP_DAYS days. Run as the funil user from cron or a timer.
set -eu
BACKUP_DIR="${BACKUP_DIR:-/var/backups/funil}"
DATA_DIR="${FUNIL_DATA_DIR:-/var/lib/funil}"
KEEP_DAYS="${KEEP_DAYS:-14}"
DATABASE_URL="${DATABASE_URL:?DATABASE_URL não definida}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$BACKUP_DIR"
pg_dump --format=custom --no-owner --file="$BACKUP_DIR/funil-$stamp.dump" "$DATABASE_URL"
if [ -d "$DATA_DIR/media" ]; then
  tar -C "$DATA_DIR" -czf "$BACKUP_DIR/funil-media-$stamp.tar.gz" media
fi
find "$BACKUP_DIR" -maxdepth 1 -name 'funil-*' -mtime +"$KEEP_DAYS" -delete
echo "backup: $BACKUP_DIR/funil-$stamp.dump"
