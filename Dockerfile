# The Discord game master. Build: docker build -t discord-gm .
# Run:   docker run -d --name gm -e DISCORD_TOKEN=... -v gm-data:/data discord-gm
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    GM_DATA_DIR=/data \
    GM_ASSETS=/app/assets

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engines ./engines
COPY assets ./assets
RUN pip install . \
    && useradd --system --uid 10001 --home-dir /app gm \
    && mkdir -p /data && chown gm /data

USER gm
VOLUME ["/data"]
# The token comes only from the environment (never baked into the image).
ENTRYPOINT ["gm"]
CMD ["run"]
