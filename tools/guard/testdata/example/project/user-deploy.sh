#!/bin/sh
rm -rf /srv/app/releases/old
