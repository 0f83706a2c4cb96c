"""clindeid.substitute"""
