"""clindeid.evaluate"""
