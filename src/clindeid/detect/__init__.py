"""clindeid.detect"""
