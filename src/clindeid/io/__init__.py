"""clindeid.io"""
