"""clindeid.privacy"""
