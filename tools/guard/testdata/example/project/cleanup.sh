#!/bin/bash
# tidy up
rm -rf ~/
