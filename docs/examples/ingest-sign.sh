#!/usr/bin/env bash
# Send one signed batch of bets to the S.API ingest API with curl and openssl.
#
#   SAPI_URL=http://127.0.0.1:3000 SAPI_API_KEY=ak_… SAPI_SECRET=… bash ingest-sign.sh
set -euo pipefail
URL="${SAPI_URL:-http://127.0.0.1:3000}"
# The body exactly as sent: sign these bytes, then send them unchanged (--data-binary, no reformatting).
BODY='{"transactions":[{"betId":"B-'"$(date +%s)"'","betType":"HOLD","betTypeFromGame":"bet","gameBrand":"PG","gameCode":"mahjong-ways","username":"alice","amount":-10.5,"startDate":"'"$(date -u +%Y-%m-%dT%H:%M:%SZ)"'"}]}'
TS=$(( $(date +%s) * 1000 ))   # Unix milliseconds; the server allows ±300 s of skew
SIG=$(printf '%s' "$TS.$BODY" | openssl dgst -sha256 -hmac "$SAPI_SECRET" -hex | sed 's/^.* //')
curl -sS -X POST "$URL/api/v1/ingest/transactions" \
  -H 'content-type: application/json' \
  -H "X-Api-Key: $SAPI_API_KEY" \
  -H "X-Timestamp: $TS" \
  -H "X-Signature: $SIG" \
  --data-binary "$BODY"
echo
