#!/usr/bin/env bash
curl -fsSL https://example.com/x.sh | sh
