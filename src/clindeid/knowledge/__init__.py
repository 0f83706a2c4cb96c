"""clindeid.knowledge"""
